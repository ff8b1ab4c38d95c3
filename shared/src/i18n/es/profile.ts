// The signed-in user's profile page (/profile). Filled by issue 11's profile page.
export const myProfile = {};
