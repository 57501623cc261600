import type { WebClient } from '@slack/web-api';
import { FolioError } from '../../src/index.ts';
import { downloadToFile, type DownloadedFile } from '../shared/download-to-file.ts';

/** The fields of a Slack file object (message `files[]`, `files.info`) the adapter reads. */
export interface SlackFile {
  id: string;
  name?: string;
  title?: string;
  mimetype?: string;
  filetype?: string;
  size?: number;
  /** `hosted` for uploads; `external` for links to Drive/Box…; `tombstone` once deleted. */
  mode?: string;
  is_external?: boolean;
  url_private?: string;
  url_private_download?: string;
  permalink?: string;
  /** Slack Connect: `check_file_info` marks a stub without URLs; files.info has the full object. */
  file_access?: string;
}

export function fileName(file: SlackFile): string {
  return file.name || file.title || `${file.id}.${file.filetype ?? 'bin'}`;
}

/** Images, audio and video are not documents; in a channel they are not meant for Folio. */
export function isMediaFile(file: SlackFile): boolean {
  return /^(image|video|audio)\//.test(file.mimetype ?? '');
}

/** Completes a Slack Connect stub (or any file object without a download URL) with files.info. */
export async function completeFileObject(client: WebClient, file: SlackFile): Promise<SlackFile> {
  if (file.file_access !== 'check_file_info' && (file.url_private_download || file.url_private)) return file;
  let response: Awaited<ReturnType<WebClient['files']['info']>>;
  try {
    response = await client.files.info({ file: file.id });
  } catch (error) {
    throw new FolioError({
      code: 'permission_missing',
      message: `files.info ${file.id} failed: ${(error as Error).message}`,
      userMessage: 'Slack did not let me open that file (it may come from another organisation through Slack Connect). Upload a copy of it here.',
      cause: error,
    });
  }
  return { ...file, ...(response.file as SlackFile) };
}

/**
 * Streams a Slack file to a temporary file with the bot token. The token is only ever sent to the
 * configured Slack file hosts, and the size limit is enforced while the bytes arrive.
 */
export async function downloadSlackFile(
  file: SlackFile,
  options: { token: string; fileHosts: string[]; maxBytes: number; allowInsecureLoopback: boolean },
): Promise<DownloadedFile> {
  if (file.mode === 'external' || file.is_external) {
    throw new FolioError({
      code: 'download_refused',
      message: `external file ${file.id}`,
      userMessage: `*${fileName(file)}* is a link to storage outside Slack, which I cannot open. Upload the file itself.`,
    });
  }
  const url = file.url_private_download ?? file.url_private;
  if (!url) {
    throw new FolioError({
      code: 'download_failed',
      message: `file ${file.id} has no download URL (mode ${file.mode})`,
      userMessage: `Slack gave me no way to download *${fileName(file)}*. Please upload it again.`,
    });
  }
  return downloadToFile(url, {
    allowedHosts: options.fileHosts,
    headers: { Authorization: `Bearer ${options.token}` },
    maxBytes: options.maxBytes,
    allowInsecureLoopback: options.allowInsecureLoopback,
  });
}
