/**
 * Passkeys in the browser (WebAuthn): the server's options arrive as JSON with ids and
 * challenges in base64url; the credential goes back the same way. Written out by hand rather
 * than with PublicKeyCredential.parseCreationOptionsFromJSON, which older browsers lack.
 */

function fromB64url(value: string): ArrayBuffer {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return bytes.buffer;
}

function toB64url(buffer: ArrayBuffer | null | undefined): string | undefined {
  if (!buffer) return undefined;
  let text = '';
  for (const b of new Uint8Array(buffer)) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

type JsonDescriptor = { id: string; type: 'public-key'; transports?: AuthenticatorTransport[] };

/** passkeysSupported reports whether this browser can use passkeys. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && Boolean(navigator.credentials);
}

/** createPasskey runs navigator.credentials.create with the server's options; JSON for the server. */
export async function createPasskey(options: { publicKey: Record<string, unknown> }): Promise<Record<string, unknown>> {
  const pk = options.publicKey as Record<string, unknown> & {
    challenge: string;
    user: { id: string; name: string; displayName: string };
    excludeCredentials?: JsonDescriptor[];
  };
  const publicKey = {
    ...pk,
    challenge: fromB64url(pk.challenge),
    user: { ...pk.user, id: fromB64url(pk.user.id) },
    excludeCredentials: (pk.excludeCredentials ?? []).map((c) => ({ ...c, id: fromB64url(c.id) })),
  } as unknown as PublicKeyCredentialCreationOptions;
  const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential | null;
  if (!credential) throw new Error('No passkey was created.');
  const response = credential.response as AuthenticatorAttestationResponse;
  return {
    id: credential.id,
    rawId: toB64url(credential.rawId),
    type: credential.type,
    response: {
      clientDataJSON: toB64url(response.clientDataJSON),
      attestationObject: toB64url(response.attestationObject),
      transports: typeof response.getTransports === 'function' ? response.getTransports() : undefined,
    },
    clientExtensionResults: credential.getClientExtensionResults(),
  };
}

/** getPasskey runs navigator.credentials.get with the server's options; JSON for the server. */
export async function getPasskey(options: { publicKey: Record<string, unknown> }): Promise<Record<string, unknown>> {
  const pk = options.publicKey as Record<string, unknown> & { challenge: string; allowCredentials?: JsonDescriptor[] };
  const publicKey = {
    ...pk,
    challenge: fromB64url(pk.challenge),
    allowCredentials: (pk.allowCredentials ?? []).map((c) => ({ ...c, id: fromB64url(c.id) })),
  } as unknown as PublicKeyCredentialRequestOptions;
  const credential = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential | null;
  if (!credential) throw new Error('No passkey was chosen.');
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    id: credential.id,
    rawId: toB64url(credential.rawId),
    type: credential.type,
    response: {
      clientDataJSON: toB64url(response.clientDataJSON),
      authenticatorData: toB64url(response.authenticatorData),
      signature: toB64url(response.signature),
      userHandle: toB64url(response.userHandle),
    },
    clientExtensionResults: credential.getClientExtensionResults(),
  };
}
