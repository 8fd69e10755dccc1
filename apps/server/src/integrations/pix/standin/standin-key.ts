import { newStandinKey } from '@vendai/pix-standin';

/** A fresh API key of the local Pix stand-in for an owner who chose it (each key is an account of its own). */
export const newStandinApiKey = () => newStandinKey();
