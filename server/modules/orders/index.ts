/** What other parts of the server may use of the orders module; its routes are registered by the app. */
export { findOrders, syncOrderStatus } from './repository';
