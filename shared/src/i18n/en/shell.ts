// The admin application shell: toolbar, mobile menu, footer, banners, loading dialog,
// tenant selector and the generic pages (landing, not found, access denied, ...).
export const shell = {
  skipToContent: 'Skip to main content',
  home: 'Vestibule home page',
  newTab: '{{label}} (opens in a new tab)',
  nav: {
    main: 'Main menu',
    mobile: 'Menu',
    open: 'Open the menu',
  },
  menu: {
    entryLog: 'Entry log',
    evacuation: 'Evacuation',
    spaces: 'Spaces',
    spaceCalendar: 'Booking calendar',
    spaceMap: 'Booking map',
    myBookings: 'My bookings',
    reports: 'Reports',
    buildingReports: 'Building report',
    visitReports: 'Entry report',
    absenceReports: 'Attendance and absence',
    profile: 'My profile',
    admin: 'Admin',
    tenants: 'Companies',
    users: 'Users',
    people: 'People',
    buildings: 'Buildings',
    cities: 'Cities',
    floors: 'Floors',
    questionnaires: 'Questionnaires',
    tests: 'Tests',
    logs: 'Logs',
    about: 'About',
    signUp: 'Sign up',
    logIn: 'Log in',
    help: 'Help',
  },
  logout: 'Log out ({{username}})',
  theme: {
    dark: 'Dark theme',
  },
  language: {
    label: 'Language',
    current: 'Language: {{language}}',
  },
  tenant: {
    current: 'Company: {{name}}. Select another company',
    none: 'No company selected',
    noneLabel: 'No company selected. Select a company',
    dialogTitle: 'Select a company',
    field: 'Company',
    confirm: 'Select',
    empty: 'No company is available.',
  },
  footer: {
    version: 'Version {{version}}',
  },
  banners: {
    close: 'Close the message',
  },
  loading: {
    text: 'Loading, please wait.',
  },
  landing: {
    title: 'Welcome to Vestibule',
    text: 'Visitor and building access for every company: check-ins and check-outs, meetings, people, spaces and reports.',
    logIn: 'Log in',
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has moved.',
    home: 'Go to the home page',
  },
  accessDenied: {
    title: 'Access denied',
    text: 'You have no privileges for this page, or your roles cannot be determined.',
    home: 'Go to the home page',
  },
  /** A supervisor, user or space user without any assigned building (docs/roles.md, "Which company, which buildings"). */
  noBuildingAssigned: 'You have no access to any building data. Ask your administrator to assign you a building.',
  impersonation: {
    text: 'You are working as {{username}}. Everything you do is recorded as done by {{administrator}} acting as them.',
    return: 'Return to {{administrator}}',
    end: 'End this session',
  },
  tenantRequired: {
    title: 'Select a company',
    textSelector: 'This page shows the data of one company. Select the company you want to work with.',
    textNoTenant:
      'Your account is not linked to a company, so this page cannot be shown. Please contact your administrator.',
    action: 'Select a company',
    loading: 'Loading your company…',
  },
  about: {
    title: 'About Vestibule',
    text: 'Vestibule manages visitors, contractors, employees and residents who enter and leave your buildings.',
    redirecting: 'Opening the documentation…',
    link: 'Open the documentation',
  },
  help: {
    title: 'Help',
    text: 'The Vestibule documentation explains every screen step by step.',
    link: 'Open the help',
  },
  signUp: {
    title: 'Sign up',
    text: 'Vestibule accounts are created by your company administrator. Ask them to invite you: you will receive an email to verify your account and choose your password.',
    logIn: 'I already have an account',
  },
  redirect: {
    title: 'Redirecting…',
  },
  crash: {
    title: 'Something went wrong',
    text: 'An unexpected error occurred. Reload the page to try again.',
    reload: 'Reload the page',
  },
};
