/** Query keys only the team feature reads (the team list itself is shared: lib/api teamKeys). */
export const teamFeatureKeys = {
  invitation: (code: string) => ['team-invitation', code] as const,
};
