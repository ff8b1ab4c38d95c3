// The checkout feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature).
export { CheckOutDone } from './CheckOutDone.tsx';
export { CheckOutForm } from './CheckOutForm.tsx';
export { CheckOutScreen } from './CheckOutPage.tsx';
export {
  checkOut,
  fetchCheckOutData,
  fetchTicketCheckOutData,
  searchMeeting,
  searchOpenVisits,
  ticketCheckOut,
} from './checkout.api.ts';
export type { CheckOutData, CheckOutRequest } from './checkout.api.ts';
