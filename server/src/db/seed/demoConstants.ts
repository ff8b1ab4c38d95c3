/** Where the demo buildings' host notices say a visitor waits. */
export const DEMO_WAIT_TEXT = 'in the lobby, by the front desk on the ground floor';
