/** Being built. */
export default function CertificatesPage() {
  return null;
}
