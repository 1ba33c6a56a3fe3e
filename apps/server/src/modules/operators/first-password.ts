import { randomInt } from 'node:crypto';

/** No 0/O, 1/l/I: the owner reads the password out or copies it by hand to the new operator. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 12;

/** A random first password (about 70 bits), made when an owner resets an operator's password. */
export function newFirstPassword(): string {
  let password = '';
  for (let i = 0; i < LENGTH; i += 1) password += ALPHABET[randomInt(ALPHABET.length)];
  return password;
}
