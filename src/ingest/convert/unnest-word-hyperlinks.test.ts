import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestedHyperlink, writeNestedHyperlinkDocx, writeReportDocx } from '../../../test/support/office/make-office-documents.ts';
import { unnestHyperlinks, writeWordHyperlinksUnnested } from './unnest-word-hyperlinks.ts';
import { openZipArchive } from './zip-archive.ts';

const link = '<w:hyperlink r:id="rId9" w:history="1"><w:r><w:rPr><w:rStyle w:val="Hyperlink"/></w:rPr><w:t>Rijksmuseum</w:t></w:r></w:hyperlink>';

describe('unnestHyperlinks', () => {
  it('sets a hyperlink written inside a run beside the runs, with or without the run’s properties', () => {
    const nested = `<w:p><w:r><w:t>the </w:t></w:r><w:r><w:rPr><w:color w:val="0000FF"/></w:rPr>${link}</w:r><w:r w:rsidR="00A1"> ${link}</w:r></w:p>`;
    expect(unnestHyperlinks(nested)).toBe(`<w:p><w:r><w:t>the </w:t></w:r>${link}${link}</w:p>`);
  });

  it('leaves hyperlinks in their place and runs with other content alone', () => {
    const valid = `<w:p><w:r><w:t>the </w:t></w:r>${link}</w:p>`;
    expect(unnestHyperlinks(valid)).toBe(valid);
    const mixed = `<w:p><w:r><w:t>the </w:t>${link}</w:r></w:p>`;
    expect(unnestHyperlinks(mixed)).toBe(mixed);
  });
});

describe('writeWordHyperlinksUnnested', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'folio-unnest-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('rewrites the document part of a package whose links are nested, and leaves a package without them alone', async () => {
    const nested = join(dir, 'exhibition.docx');
    await writeNestedHyperlinkDocx(nested);
    expect(await writeWordHyperlinksUnnested(nested, join(dir, 'exhibition.fixed.docx'))).toBe(true);
    const archive = await openZipArchive(join(dir, 'exhibition.fixed.docx'));
    const document = await archive.readText('word/document.xml').finally(() => archive.close());
    expect(document).toContain(`<w:hyperlink r:id="rId9"><w:r><w:t>${nestedHyperlink.link}</w:t></w:r></w:hyperlink>`);
    expect(document).not.toMatch(/<w:rPr>[\s\S]*?<\/w:rPr><w:hyperlink/u);
    const report = join(dir, 'report.docx');
    await writeReportDocx(report);
    expect(await writeWordHyperlinksUnnested(report, join(dir, 'report.copy.docx'))).toBe(false);
    // Only its text parts were read: no copy is written.
    expect(existsSync(join(dir, 'report.copy.docx'))).toBe(false);
  });
});
