/** The bodies' schemas, as the program publishes them (see src/routes/output-schemas.ts). */
export { filesPage, PORT_KEYS, portResource, type FilesPageBody, type PortBody } from '../../src/routes/output-schemas.js';
