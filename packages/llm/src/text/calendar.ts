/**
 * A month by its name in full or short ("Sept", "December"), never the first letters of another
 * word ("decorations", "marketing"): a pattern source for the patterns that read dates.
 */
export const MONTH_NAME = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?'

/** A weekday in full or short ("Thu", "Thurs", "Thursday"): a pattern source, as MONTH_NAME. */
export const WEEKDAY_NAME = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun'
