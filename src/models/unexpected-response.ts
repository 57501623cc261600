import { FolioError } from '../errors.ts';

/**
 * A model server answered 200 with something unusable (a wrong number of vectors, a wrong size). Not
 * retried: the same server would most likely answer the same way. Usually a misconfigured model name
 * or dimension setting, so the admin is pointed at the configuration.
 */
export function unexpectedResponse(model: string, what: string): FolioError {
  return new FolioError({
    code: 'model_rejected',
    message: `${model} returned an unexpected response: ${what}`,
    userMessage: 'The AI model returned something Folio cannot use. An administrator should check the model name and settings.',
  });
}
