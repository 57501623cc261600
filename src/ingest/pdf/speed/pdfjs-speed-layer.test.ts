import { describe, expect, it } from 'vitest';
import { installedPdfjsVersion, speedLayerPdfjsVersion } from './before-pdfjs-loads.js';
import { createPdfjsSpeedLayer } from './pdfjs-speed-layer.ts';

function layerFor(installedVersion: string) {
  const warnings: string[] = [];
  let patches = 0;
  const layer = createPdfjsSpeedLayer({
    installedVersion,
    supportedVersion: '5.6.205',
    patch: () => void patches++,
    warn: message => void warnings.push(message),
  });
  return { layer, warnings, patches: () => patches };
}

describe('pdf.js speed layer', () => {
  it('is written for the pdfjs-dist version package.json installs', () => {
    expect(installedPdfjsVersion).toBe(speedLayerPdfjsVersion);
  });

  it('patches once, on the first document opened for parsing, for the version it was written for', () => {
    const { layer, warnings, patches } = layerFor('5.6.205');
    expect(layer.state()).toMatchObject({ active: false });
    expect(layer.install(true)).toEqual({ active: true });
    expect(layer.install(true)).toEqual({ active: true });
    expect(layer.state()).toEqual({ active: true });
    expect(patches()).toBe(1);
    expect(warnings).toEqual([]);
  });

  it('falls back to plain pdf.js on any other version, with one warning', () => {
    const { layer, warnings, patches } = layerFor('5.7.0');
    const state = layer.install(true);
    layer.install(true);
    expect(state).toEqual({ active: false, reason: 'pdfjs-dist 5.7.0 is installed; the speed layer is written for 5.6.205' });
    expect(layer.state()).toEqual(state);
    expect(patches()).toBe(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^pdfjs-dist 5\.7\.0 is installed.*plain pdf\.js/);
  });

  it('stays plain, without a warning, when switched off', () => {
    const { layer, warnings, patches } = layerFor('5.7.0');
    expect(layer.install(false)).toEqual({ active: false, reason: 'switched off (FOLIO_PDFJS_FAST=off)' });
    // The first call decides for the thread.
    expect(layer.install(true)).toMatchObject({ active: false });
    expect(patches()).toBe(0);
    expect(warnings).toEqual([]);
  });
});
