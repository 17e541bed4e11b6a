// Its own module, free of zod: the web app's shell checks it on every screen.
/** The dashboard's profileCompleted: every required detail and the shipping address are present. */
export function isProfileComplete(user: {
  firstName: string;
  lastName: string;
  gender?: string | null | undefined;
  dateOfBirth?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  addressLine1?: string | null | undefined;
  suburb?: string | null | undefined;
  state?: string | null | undefined;
  postcode?: string | null | undefined;
  underAge: boolean;
  guardianFirstName?: string | null | undefined;
  guardianLastName?: string | null | undefined;
}): boolean {
  const base = [
    user.firstName,
    user.lastName,
    user.gender,
    user.dateOfBirth,
    user.phoneNumber,
    user.addressLine1,
    user.suburb,
    user.state,
    user.postcode,
  ];
  if (user.underAge) base.push(user.guardianFirstName, user.guardianLastName);
  return base.every((v) => Boolean(v?.trim()));
}
