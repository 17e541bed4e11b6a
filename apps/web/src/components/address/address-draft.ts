import { addressMatchesSuggestion, type ShippingAddress, shippingAddressSchema } from '@portal/domain';

/** A shipping address as typed into the form: every field a string until it is checked. */
export type AddressDraft = {
  addressLine1: string;
  addressLine2: string;
  suburb: string;
  state: string;
  postcode: string;
  /** The finder's address id; it no longer applies once the address is edited away from the suggestion. */
  gnafId: string | null;
};
export type AddressField = Exclude<keyof AddressDraft, 'gnafId'>;

type ProfileAddress = Partial<Record<AddressField | 'gnafId', string | null | undefined>>;

/** The profile's address as the starting point of a kit's shipping address. */
export function addressFromProfile(user: ProfileAddress): AddressDraft {
  return {
    addressLine1: user.addressLine1 ?? '',
    addressLine2: user.addressLine2 ?? '',
    suburb: user.suburb ?? '',
    state: user.state ?? '',
    postcode: user.postcode ?? '',
    gnafId: user.gnafId ?? null,
  };
}

/** The draft checked by the domain's shipping address rules (the profile's address rules). */
export function parseShippingAddress(draft: AddressDraft) {
  return shippingAddressSchema.safeParse({ ...draft, addressLine2: draft.addressLine2 || null });
}

/** The body fields of a kit sent now, or null while the address is not valid. */
export function toShippingAddress(draft: AddressDraft): ShippingAddress | null {
  const parsed = parseShippingAddress(draft);
  return parsed.success ? parsed.data : null;
}

/** Consumer §5: Send now needs a valid address before Proceed is enabled. */
export const isValidAddress = (draft: AddressDraft) => parseShippingAddress(draft).success;

/** The first problem of each field, for the fields that have one. */
export function addressProblems(draft: AddressDraft): Partial<Record<AddressField, string>> {
  const parsed = parseShippingAddress(draft);
  const problems: Partial<Record<AddressField, string>> = {};
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as AddressField;
    problems[key] ??= issue.message;
  }
  return problems;
}

/** Editing a field keeps the finder's id only while the address still matches the chosen suggestion. */
export function editAddress(
  draft: AddressDraft,
  field: AddressField,
  value: string,
  suggestion: AddressDraft | null,
): AddressDraft {
  const next = { ...draft, [field]: value };
  if (suggestion && !addressMatchesSuggestion(next, suggestion)) {
    next.gnafId = null;
  }
  return next;
}
