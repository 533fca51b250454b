/** The days of the week in the order the API numbers them (dayOfWeek 1 is Monday). */
export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
