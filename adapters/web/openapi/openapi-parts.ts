/** Pieces every part of the OpenAPI document uses: references, replies, errors, path parameters. */
export type Schema = Record<string, unknown>;

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: Schema) => ({ 'application/json': { schema } });
export const errorReply = (description: string) => ({ description, content: json(ref('Error')) });
export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map(status => [String(status), errorReply(errorDescriptions[status] ?? 'Error')]));

const errorDescriptions: Record<number, string> = {
  400: 'Bad input: invalid space name, empty or too long question, unknown setting or wrong value, malformed body',
  401: 'Missing or wrong API key (only when the server has FOLIO_API_KEY)',
  404: 'No such document, page or answer',
  413: 'A file over FOLIO_MAX_FILE_MB, or a JSON body over 256 kB',
  415: 'A file type Folio does not read, or a file whose content does not match its name',
  429: 'Too many uploads in flight from this client; see Retry-After',
  503: 'A backend (store, queue, model, converter) is unavailable; try again later',
  507: 'The disk under the data dir is full: nothing new can be stored until an administrator frees space',
};

export const spaceParameter = {
  name: 'space',
  in: 'path',
  required: true,
  description: 'Space name (`handbook` means `web:handbook`) or a full space id (`slack:T1:C1`). Letters, digits and `: _ . @ * # = -`, up to 200 characters.',
  schema: { type: 'string', maxLength: 200 },
};
export const documentParameter = { name: 'id', in: 'path', required: true, description: 'Document id or name', schema: { type: 'string' } };

export const sseDescription = 'Server-sent events; each `data:` line is one JSON object. Comment lines (`: keep-alive`) are sent every 15 s.';
