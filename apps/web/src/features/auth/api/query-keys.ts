/** Query keys of the auth screens' own reads (password-reset links). */
export const passwordResetKeys = {
  all: ['password-reset'] as const,
  link: (code: string) => [...passwordResetKeys.all, 'link', code] as const,
};
