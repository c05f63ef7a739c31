/**
 * The currencies an organization may keep its books in: the circulating currencies of ISO 4217
 * List One (maintained for ISO by SIX Financial Information), compiled in December 2026 from the
 * list and its amendments since 2021, with their English names from CLDR (as
 * `Intl.DisplayNames("en", { type: "currency" })` gives them in Node 20 with ICU 78; "Caribbean
 * Guilder" title-cased).
 *
 * Hard-coded rather than read from `Intl.supportedValuesOf("currency")`: that list follows each
 * engine's ICU, so Node and the browsers disagree (ICU 78 still lists ANG, BGN, CUC, HRK, SLL and
 * ZWL and lacks VED), and the server must refuse exactly what the web does not offer.
 * Left out on purpose: fund codes (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW), precious metals
 * (XAG, XAU, XPD, XPT), bond-market units (XBA–XBD), XDR, XSU, XUA, and XTS and XXX (testing, no
 * currency): nobody keeps a ledger in them. Left out as replaced: HRK and BGN (by the euro, 2023
 * and 2026), CUC (2021), SLL (by SLE), ZWL (by ZWG, 2024), ANG (by XCG, 2025). When ISO amends
 * List One, change this table; a saved answer whose code is gone then asks for a new choice.
 */
const CURRENCY_NAMES = {
  AED: "United Arab Emirates Dirham", AFN: "Afghan Afghani", ALL: "Albanian Lek", AMD: "Armenian Dram", AOA: "Angolan Kwanza",
  ARS: "Argentine Peso", AUD: "Australian Dollar", AWG: "Aruban Florin", AZN: "Azerbaijani Manat",
  BAM: "Bosnia-Herzegovina Convertible Mark", BBD: "Barbadian Dollar", BDT: "Bangladeshi Taka", BHD: "Bahraini Dinar",
  BIF: "Burundian Franc", BMD: "Bermudan Dollar", BND: "Brunei Dollar", BOB: "Bolivian Boliviano", BRL: "Brazilian Real",
  BSD: "Bahamian Dollar", BTN: "Bhutanese Ngultrum", BWP: "Botswanan Pula", BYN: "Belarusian Ruble", BZD: "Belize Dollar",
  CAD: "Canadian Dollar", CDF: "Congolese Franc", CHF: "Swiss Franc", CLP: "Chilean Peso", CNY: "Chinese Yuan",
  COP: "Colombian Peso", CRC: "Costa Rican Colón", CUP: "Cuban Peso", CVE: "Cape Verdean Escudo", CZK: "Czech Koruna",
  DJF: "Djiboutian Franc", DKK: "Danish Krone", DOP: "Dominican Peso", DZD: "Algerian Dinar", EGP: "Egyptian Pound",
  ERN: "Eritrean Nakfa", ETB: "Ethiopian Birr", EUR: "Euro", FJD: "Fijian Dollar", FKP: "Falkland Islands Pound",
  GBP: "British Pound", GEL: "Georgian Lari", GHS: "Ghanaian Cedi", GIP: "Gibraltar Pound", GMD: "Gambian Dalasi",
  GNF: "Guinean Franc", GTQ: "Guatemalan Quetzal", GYD: "Guyanaese Dollar", HKD: "Hong Kong Dollar", HNL: "Honduran Lempira",
  HTG: "Haitian Gourde", HUF: "Hungarian Forint", IDR: "Indonesian Rupiah", ILS: "Israeli New Shekel", INR: "Indian Rupee",
  IQD: "Iraqi Dinar", IRR: "Iranian Rial", ISK: "Icelandic Króna", JMD: "Jamaican Dollar", JOD: "Jordanian Dinar",
  JPY: "Japanese Yen", KES: "Kenyan Shilling", KGS: "Kyrgyz Som", KHR: "Cambodian Riel", KMF: "Comorian Franc",
  KPW: "North Korean Won", KRW: "South Korean Won", KWD: "Kuwaiti Dinar", KYD: "Cayman Islands Dollar",
  KZT: "Kazakhstani Tenge", LAK: "Laotian Kip", LBP: "Lebanese Pound", LKR: "Sri Lankan Rupee", LRD: "Liberian Dollar",
  LSL: "Lesotho Loti", LYD: "Libyan Dinar", MAD: "Moroccan Dirham", MDL: "Moldovan Leu", MGA: "Malagasy Ariary",
  MKD: "Macedonian Denar", MMK: "Myanmar Kyat", MNT: "Mongolian Tugrik", MOP: "Macanese Pataca", MRU: "Mauritanian Ouguiya",
  MUR: "Mauritian Rupee", MVR: "Maldivian Rufiyaa", MWK: "Malawian Kwacha", MXN: "Mexican Peso", MYR: "Malaysian Ringgit",
  MZN: "Mozambican Metical", NAD: "Namibian Dollar", NGN: "Nigerian Naira", NIO: "Nicaraguan Córdoba", NOK: "Norwegian Krone",
  NPR: "Nepalese Rupee", NZD: "New Zealand Dollar", OMR: "Omani Rial", PAB: "Panamanian Balboa", PEN: "Peruvian Sol",
  PGK: "Papua New Guinean Kina", PHP: "Philippine Peso", PKR: "Pakistani Rupee", PLN: "Polish Zloty", PYG: "Paraguayan Guarani",
  QAR: "Qatari Riyal", RON: "Romanian Leu", RSD: "Serbian Dinar", RUB: "Russian Ruble", RWF: "Rwandan Franc",
  SAR: "Saudi Riyal", SBD: "Solomon Islands Dollar", SCR: "Seychellois Rupee", SDG: "Sudanese Pound", SEK: "Swedish Krona",
  SGD: "Singapore Dollar", SHP: "St. Helena Pound", SLE: "Sierra Leonean Leone", SOS: "Somali Shilling",
  SRD: "Surinamese Dollar", SSP: "South Sudanese Pound", STN: "São Tomé & Príncipe Dobra", SVC: "Salvadoran Colón",
  SYP: "Syrian Pound", SZL: "Swazi Lilangeni", THB: "Thai Baht", TJS: "Tajikistani Somoni", TMT: "Turkmenistani Manat",
  TND: "Tunisian Dinar", TOP: "Tongan Paʻanga", TRY: "Turkish Lira", TTD: "Trinidad & Tobago Dollar", TWD: "New Taiwan Dollar",
  TZS: "Tanzanian Shilling", UAH: "Ukrainian Hryvnia", UGX: "Ugandan Shilling", USD: "US Dollar", UYU: "Uruguayan Peso",
  UZS: "Uzbekistani Som", VED: "Bolívar Soberano", VES: "Venezuelan Bolívar", VND: "Vietnamese Dong",
  VUV: "Vanuatu Vatu", WST: "Samoan Tala", XAF: "Central African CFA Franc", XCD: "East Caribbean Dollar",
  XCG: "Caribbean Guilder", XOF: "West African CFA Franc", XPF: "CFP Franc", YER: "Yemeni Rial", ZAR: "South African Rand",
  ZMW: "Zambian Kwacha", ZWG: "Zimbabwean Gold",
} as const satisfies Record<string, string>;

export type CurrencyCode = keyof typeof CURRENCY_NAMES;

export interface Currency {
  code: CurrencyCode;
  name: string;
}

/** Every currency, by code. */
export const CURRENCIES: readonly Currency[] = Object.entries(CURRENCY_NAMES).map(([code, name]) => ({ code: code as CurrencyCode, name }));

/** Whether `code` is one of CURRENCIES, as written (upper case). */
export function isCurrencyCode(code: string): code is CurrencyCode {
  return Object.hasOwn(CURRENCY_NAMES, code);
}

/** "EUR — Euro": how a currency is offered and shown. */
export function currencyLabel(currency: Currency): string {
  return `${currency.code} — ${currency.name}`;
}
