/** What other parts of the server may use of the locations module; its routes are registered by the app. */
export { locationExists } from './repository';
