/** A chat the simulator page is about to start (the first message creates it). */
export interface DraftChat {
  customer: { name: string; phone: string };
  group: { subject: string } | null;
}
