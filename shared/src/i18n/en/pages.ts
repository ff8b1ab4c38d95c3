// The screens' titles (each page's heading, the loading screen's) and a line on what each is for.
export const pages = {
  checkInOut: {
    title: 'Entry log',
    description: 'Check visitors in and out, follow who is in your buildings and manage meetings.',
  },
  tenants: {
    title: 'Companies',
    description: 'Create and manage the companies that use Vestibule, with their licences and building limits.',
  },
  users: {
    title: 'Users',
    description: 'Manage user accounts, their roles, their buildings and their passwords.',
  },
  people: {
    title: 'People',
    description: 'Keep the directory of employees, contractors and residents, with their access passes.',
  },
  buildings: {
    title: 'Buildings',
    description: 'Configure buildings, their check-in options, kiosks, cameras and QR codes.',
  },
  floors: {
    title: 'Floors',
    description: 'Upload floor plans and draw the spaces that can be booked.',
  },
  floorPrint: {
    title: 'Floor plan',
    description: 'Print the plan of a floor with its spaces.',
  },
  questionnaires: {
    title: 'Questionnaires',
    description: 'Write the questions visitors answer when they check in or out.',
  },
  tests: {
    title: 'Tests',
    description: 'Run performance tests of the service.',
  },
  logs: {
    title: 'Logs',
    description: 'Read the history of changes made in Vestibule.',
  },
  spaces: {
    title: 'Spaces',
    description: 'Manage the rooms and desks of every floor, with their approvers.',
  },
  buildingReports: {
    title: 'Building report',
    description: 'Follow the occupancy of your buildings over time.',
  },
  visitReports: {
    title: 'Entry report',
    description: 'Analyse the check-ins and check-outs of your buildings.',
  },
  absenceReports: {
    title: 'Attendance and absence',
    description: 'See who was expected and did not come.',
  },
  spaceCalendar: {
    title: 'Booking calendar',
    description: 'Book rooms and desks by day or by week, and invite attendees.',
  },
  spaceMap: {
    title: 'Booking map',
    description: 'Find a free room or desk on the floor plan and book it.',
  },
  spaceApproval: {
    title: 'Booking approval',
    description: 'Approve or reject a booking request.',
  },
  spaceCheckIn: {
    title: 'Space',
    description: 'Check in to your booking of this space.',
  },
  spaceQr: {
    title: 'Space QR code',
    description: "Print the QR code that opens a space's page.",
  },
  spaceExport: {
    title: 'Booking export',
    description: 'Download a booking as an ICS file, a PDF or a Google Calendar event.',
  },
  booking: {
    title: 'My bookings',
    description: 'Book the spaces you need.',
  },
  profile: {
    title: 'My profile',
    description: 'Update your name, language, date and time formats, favourite building and password.',
  },
  verify: {
    title: 'Verify your account',
    description: 'Confirm your email address to activate your account.',
  },
  forgot: {
    title: 'Forgot your password',
    description: 'Receive an email with a link to choose a new password.',
  },
  reset: {
    title: 'Choose a new password',
    description: 'Set the new password of your account.',
  },
};
