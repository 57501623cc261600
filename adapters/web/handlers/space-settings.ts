import type { RequestHandler } from 'express';
import { z } from 'zod';
import { parseSpaceSettingsPatch } from '../../../src/index.ts';
import { jsonBody, spaceParam } from '../request-input.ts';
import type { WebContext } from '../web-context.ts';
import { sendReply, spaceSettingsReply } from '../reply-bodies.ts';

const example = '{"visibility": "private", "citedOnly": true, "questionsPerUserPerMinute": 5}';

/** `GET /v1/spaces/:space/settings`: how answers are given in the space (the defaults when never set). */
export function getSpaceSettings(context: WebContext): RequestHandler {
  return async (request, response) => {
    sendReply(response, spaceSettingsReply, await context.folio.getSettings(spaceParam(request)));
  };
}

/**
 * `PATCH /v1/spaces/:space/settings`: changes the settings the body names (`questionsPerUserPerMinute:
 * null` removes the limit) and replies with all of them; a wrong name or value is a 400 that says what
 * the setting takes. Works for chat spaces too (`slack:T1:C1`), with the API key as for every route.
 */
export function changeSpaceSettings(context: WebContext): RequestHandler {
  return async (request, response) => {
    const space = spaceParam(request);
    const patch = parseSpaceSettingsPatch(jsonBody(request, z.unknown(), example));
    sendReply(response, spaceSettingsReply, await context.folio.setSettings(space, patch, { changedBy: 'api' }));
  };
}
