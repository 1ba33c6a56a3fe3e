// The QR code lives in the UI kit (issue 26: the staff LINE link draws one too).
export { default } from '@/ui/qr-code-svg';
