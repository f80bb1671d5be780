/** The UI version label shown in the footer and the navbar (SPEC §1, §9). */
export const UI_VERSION = 'v2.3.4';
