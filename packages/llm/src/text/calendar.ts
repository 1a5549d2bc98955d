/**
 * A month by its name in full or short ("Sept", "December"), never the first letters of another
 * word ("decorations", "marketing"): a pattern source for the patterns that read dates.
 */
export const MONTH_NAME = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?'
