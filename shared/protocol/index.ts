// The wire formats shared by the server and the browser (style 8): the websocket messages and the REST
// routes, as zod schemas. Database types stay in server/.
export * from './messages';
export * from './rest';
