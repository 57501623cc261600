import type { Installation, InstallationQuery, InstallationStore } from '@slack/bolt';
import { FolioError, type SurfaceState } from '../../src/index.ts';

/**
 * Workspace installations (multi-workspace OAuth) in Folio's SurfaceState, so every process (and, with
 * Redis, every host) authorizes events with the same bot tokens. One key per workspace, or per
 * Enterprise Grid organisation for org-wide installs. Bolt calls fetchInstallation for every event.
 */
export class StateInstallationStore implements InstallationStore {
  constructor(private readonly state: SurfaceState) {}

  async storeInstallation(installation: Installation): Promise<void> {
    const key = installation.isEnterpriseInstall && installation.enterprise ? enterpriseKey(installation.enterprise.id) : teamKey(installation.team!.id);
    await this.state.set(key, installation);
  }

  async fetchInstallation(query: InstallationQuery<boolean>): Promise<Installation> {
    const installation = await this.state.get<Installation>(keyFor(query));
    if (!installation) {
      // Bolt turns this into an authorization failure: the event is acknowledged and ignored.
      throw new FolioError({
        code: 'unauthorized',
        message: `no Slack installation for ${keyFor(query)}`,
        userMessage: 'Folio is not installed in this Slack workspace. Ask an admin to install it again.',
      });
    }
    return installation;
  }

  async deleteInstallation(query: InstallationQuery<boolean>): Promise<void> {
    await this.state.delete(keyFor(query));
  }

  /** Team ids (or `enterprise:<id>`) of every stored installation. */
  async installedWorkspaces(): Promise<string[]> {
    return (await this.state.list(prefix)).map(entry => entry.key.slice(prefix.length));
  }
}

const prefix = 'slack:installation:';

function keyFor(query: InstallationQuery<boolean>): string {
  if (query.isEnterpriseInstall && query.enterpriseId) return enterpriseKey(query.enterpriseId);
  if (query.teamId) return teamKey(query.teamId);
  throw new FolioError({
    code: 'unauthorized',
    message: 'installation query without a team or enterprise id',
    userMessage: 'Folio could not tell which Slack workspace this came from.',
  });
}

function teamKey(teamId: string): string {
  return `${prefix}team:${teamId}`;
}

function enterpriseKey(enterpriseId: string): string {
  return `${prefix}enterprise:${enterpriseId}`;
}
