import type { RequestHandler } from 'express';
import { spaceParam } from '../request-input.ts';
import type { WebContext } from '../web-context.ts';

/**
 * `GET /v1/spaces/:space/documents/:id/pages/:page.png`: the page as a PNG (~110 dpi), what a
 * citation "report.pdf · p. 12" opens. 404 for a page the document does not have. The first request
 * renders it (and converts an office file once); later ones are served from the cache. `?highlight=`
 * (a citation quote's `highlight`) marks the quoted lines; 400 when it is not one. The page's name for
 * a person ("slide 4", "p. iv"; URI-encoded) is in the `Folio-Page-Name` header.
 */
export function pageImage(context: WebContext): RequestHandler {
  return async (request, response) => {
    const space = spaceParam(request);
    const highlight = typeof request.query.highlight === 'string' ? request.query.highlight : undefined;
    const [id, page] = [String(request.params.id), Number(request.params.page)];
    const path = await context.folio.pageImagePath(space, id, page, { highlight });
    const name = await context.folio.pageName(space, id, page);
    await new Promise<void>((resolve, reject) =>
      response.sendFile(
        path,
        // Data dirs may live under dot-directories (~/.folio); `send` would refuse those by default.
        {
          dotfiles: 'allow',
          cacheControl: false,
          headers: { 'Cache-Control': 'private, max-age=3600', 'Content-Type': 'image/png', 'Folio-Page-Name': encodeURIComponent(name) },
        },
        error => (error ? reject(error) : resolve()),
      ),
    );
  };
}
