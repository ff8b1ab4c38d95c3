export const publicPages = {
  title: 'Visitor check-in',
  comingSoonTitle: 'This page is being prepared',
  comingSoonText: 'Check-in and check-out from this link will be available soon. Please ask the reception for help.',
  language: 'Language',
  notFoundTitle: 'Page not found',
  notFoundText: 'This link does not lead to a page. Please check it or ask the reception.',
};
