import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { teamsCommands } from '../../adapters/teams/message-intent.ts';

const manifestDir = join(import.meta.dirname, '../../manifests/teams');

/**
 * The Teams app package: manifest.json against Microsoft's official v1.19 schema (vendored in
 * manifests/teams/schema, see its README), the settings the bot relies on, and the two icons.
 */
describe('Teams app manifest', () => {
  let validate: ValidateFunction;
  let manifest: Record<string, any>;

  beforeAll(async () => {
    const schema = JSON.parse(await readFile(join(manifestDir, 'schema/MicrosoftTeams.schema.json'), 'utf8'));
    // Draft-04 is declared, Ajv 8 implements draft-07; the keywords used mean the same in both (schema/README.md).
    delete schema.$schema;
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats.default(ajv);
    validate = ajv.compile(schema);
    manifest = JSON.parse(await readFile(join(manifestDir, 'manifest.json'), 'utf8'));
  });

  it('is valid against the official schema', () => {
    const valid = validate(manifest);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('is checked for real: the schema rejects what Teams would reject', () => {
    const broken = structuredClone(manifest);
    broken.bots[0].scopes = ['personal', 'everywhere'];
    broken.bots[0].botId = 'not-a-guid';
    delete broken.accentColor;
    expect(validate(broken)).toBe(false);
    const problems = (validate.errors ?? []).map(error => `${error.instancePath} ${error.message}`);
    expect(problems).toEqual(
      expect.arrayContaining([
        '/bots/0/scopes/1 must be equal to one of the allowed values',
        '/bots/0/botId must match pattern "^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$"',
        " must have required property 'accentColor'",
      ]),
    );
  });

  it('declares what the bot needs: all three scopes, files, RSC permissions for channel and chat messages', () => {
    expect(manifest.manifestVersion).toBe('1.19');
    expect(manifest.bots[0]).toMatchObject({ scopes: ['personal', 'team', 'groupChat'], supportsFiles: true });
    expect(manifest.authorization.permissions.resourceSpecific).toEqual([
      { name: 'ChannelMessage.Read.Group', type: 'Application' },
      { name: 'ChatMessage.Read.Chat', type: 'Application' },
    ]);
    expect(manifest.webApplicationInfo.id).toBe(manifest.bots[0].botId);
    const commands = manifest.bots[0].commandLists.flatMap((list: { commands: Array<{ title: string }> }) => list.commands.map(command => command.title));
    expect(new Set(commands)).toEqual(new Set(teamsCommands));
  });

  it('ships a 192×192 colour icon and a 32×32 outline icon that is white on transparent', async () => {
    const color = await loadImage(await readFile(join(manifestDir, manifest.icons.color)));
    expect([color.width, color.height]).toEqual([192, 192]);
    const outlineImage = await loadImage(await readFile(join(manifestDir, manifest.icons.outline)));
    expect([outlineImage.width, outlineImage.height]).toEqual([32, 32]);
    const canvas = createCanvas(32, 32);
    const context = canvas.getContext('2d');
    context.drawImage(outlineImage, 0, 0);
    const pixels = context.getImageData(0, 0, 32, 32).data;
    let drawn = 0;
    let transparent = 0;
    for (let offset = 0; offset < pixels.length; offset += 4) {
      const alpha = pixels[offset + 3];
      if (alpha === 0) transparent++;
      else {
        drawn++;
        // Anti-aliased edges keep their white colour with partial alpha.
        expect(Math.min(pixels[offset], pixels[offset + 1], pixels[offset + 2])).toBeGreaterThanOrEqual(250);
      }
    }
    expect(drawn).toBeGreaterThan(50);
    expect(transparent).toBeGreaterThan(drawn);
  });
});
