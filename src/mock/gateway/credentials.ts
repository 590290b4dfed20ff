/**
 * The mock's one merchant and its integrator (section 5.2). A type of its own at the bottom of the mock,
 * so the gateway's steps, the behaviours and the server's options all read it without importing each other.
 */
export type Credentials = {
  merchantId: string;
  apiKey: string;
  /** The integrator's ID (section 5.2); it acts for the mock's one merchant. */
  vendorId: number;
  vendorApiKey: string;
};
