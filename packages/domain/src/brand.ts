/** Puts the brand name (the BRAND_NAME setting) where the spec writes {product}. */
export function withBrand(text: string, brand: string): string {
  return text.replaceAll('{product}', brand);
}

export const DEFAULT_BRAND = 'Microbiome Lab';
export const DEFAULT_SUPPORT_PHONE = '1300 974 621';
/** Research §2 Support: a postal address in Brisbane QLD 4001 (the SUPPORT_POSTAL_ADDRESS setting). */
export const DEFAULT_SUPPORT_POSTAL_ADDRESS = 'GPO Box 1234, Brisbane QLD 4001';
/** The frequently asked questions linked from Support (the FAQ_URL setting). */
export const DEFAULT_FAQ_URL = 'https://www.microbiomelab.com.au/faq';
/** Where the research sign-in points customers (the CONSUMER_SIGN_IN_URL setting). */
export const DEFAULT_CONSUMER_SIGN_IN_URL = 'https://portal.microbiomelab.com.au/login';
