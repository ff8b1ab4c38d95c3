// The Privacy screen (/admin/privacy): how long the company keeps what it knows of its visitors.
export const privacy = {
  title: 'Privacy',
  intro:
    'How long Vestibule keeps what it knows about your visitors. Once a period is over, the hourly job erases that data for good; a visit is anonymised rather than deleted, so reports still count it.',
  periods: 'Retention periods',
  daysUnit: 'days',
  kinds: {
    visits: {
      label: 'Visits',
      help: 'Then the visit is anonymised: the visitor’s name, contact details, company, answers, photo and signatures are erased. Reports still count it by building, day, hour, type and length of stay. From {{min}} to {{max}} days.',
    },
    photos: {
      label: 'Visitors’ photos',
      help: 'Then the photo taken at check-in is deleted, from the visit and from the kiosk’s copy. From {{min}} to {{max}} days.',
    },
    signatures: {
      label: 'Signatures',
      help: 'Then the drawn or typed signature and the signer’s name are erased; the visit still shows which version of the document was signed, and when. A returning visitor signs again. From {{min}} to {{max}} days.',
    },
    health: {
      label: 'Health answers and temperatures',
      help: 'Then the questionnaire answers and temperatures of the visit (at entry and exit) are erased. From {{min}} to {{max}} days.',
    },
  },
  counted:
    'Counted from the visit: its check-in, else the time it was planned for. Photos count from when they were taken, signatures from when they were made.',
  buildings: {
    title: 'Buildings with their own periods',
    intro: 'A building can keep any kind for a period of its own; an empty field keeps the company’s.',
    caption: 'Buildings with their own retention periods',
    building: 'Building',
    actions: 'Actions',
    empty: 'Every building keeps the company’s periods.',
    add: 'Give a building its own periods',
    addPlaceholder: 'Choose a building',
    remove: 'Use the company’s periods at {{name}}',
    companys: 'Company’s ({{days}})',
    fieldLabel: '{{kind}} at {{building}} (days)',
  },
  due: {
    title: 'At the next run',
    intro: 'The job runs every hour. With the periods above, its next run would:',
    visits_one: 'anonymise {{formatted}} visit',
    visits_other: 'anonymise {{formatted}} visits',
    photos_one: 'delete {{formatted}} photo',
    photos_other: 'delete {{formatted}} photos',
    signatures_one: 'erase {{formatted}} signature',
    signatures_other: 'erase {{formatted}} signatures',
    health_one: 'erase the health answers and temperatures of {{formatted}} visit',
    health_other: 'erase the health answers and temperatures of {{formatted}} visits',
    more: 'more than {{count}}',
    nothing: 'With the periods above, the next run would erase nothing.',
    counting: 'Counting…',
    invalid: 'Correct the periods above to see what the next run would erase.',
    unsaved: 'Counted for the periods shown, which are not saved yet.',
  },
  save: 'Save the periods',
  reset: 'Undo changes',
  saved: 'Retention periods saved.',
  loadFailed: 'The retention periods could not be loaded.',
  retry: 'Try again',
};
