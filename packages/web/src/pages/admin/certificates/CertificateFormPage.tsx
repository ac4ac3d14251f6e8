/** Being built. */
export default function CertificateFormPage() {
  return null;
}
