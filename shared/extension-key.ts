/**
 * The extension's public key, in its manifest, fixes its id: Chrome derives the id from
 * the key (SHA-256 of the DER key, first 32 hex digits written a–p). A web page can only
 * address an extension by id, so the writing panes need an id that is the same in every
 * install, dev build or release. tests/unit/extension-key.test.ts checks the pair.
 * The private key is not kept: unpacked installs need only this public half. A Chrome
 * Web Store release must put the store's public key here and update the id with it.
 */
export const EXTENSION_PUBLIC_KEY = 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA3UYxLIIH1c2d1CKA4wZM6R9lRimrVQ//fhZUN9ox2/bEzcfYBmr61EajowtL1DM7U0x5vWk0UoqoJsvy/29oiqKiZ8b9qE2PF2Sd9JppizkbJZkwZIVU/iwDTbP9hrK6guWk/stJ3BUUa27MGQmQKCoLscDTiQhRYshydJgKsDQLDQRUdJx9bGUFtgWDiK7qVJpUcH/xUL+LdAkNHf7+h89WsD80ykrViXPy7mxsmjlqsNUoTPsWeOJDX61PJXynU3a16CaP+vqJblXpOZH0BJuDmxg+LHzzoh5aaAMIMrNZu4s/zys29sHMjVucW5lUBCwUU5kf0qKeGagkXAHh+QIDAQAB';

export const VERBATIM_EXTENSION_ID = 'aogdpolfhoeebalmkfkidepgoijndnpb';
