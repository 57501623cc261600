export { closeWebApp, createWebApp, type WebAppOptions } from './create-web-app.ts';
export { assertBindAllowed, isLoopbackHost, startWebServer, type WebServer, type WebServerOptions } from './start-web-server.ts';
export { openApiDocument } from './openapi.ts';
