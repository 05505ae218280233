/// <reference types="google-apps-script" />
/**
 * The Apps Script project's top level: menu, sidebar, and the functions google.script.run
 * calls, bound to the active document and its document properties. tools/build-gdocs.ts
 * bundles this file into Code.js and declares each export as a top-level function, which is
 * what Apps Script (one global scope, no modules) needs to find them.
 */
import type { DocsServices } from './docs-port';
import * as server from './server-functions';

function services(): DocsServices {
  return {
    document: DocumentApp.getActiveDocument(),
    properties: PropertiesService.getDocumentProperties(),
    textAlignment: { normal: DocumentApp.TextAlignment.NORMAL, superscript: DocumentApp.TextAlignment.SUPERSCRIPT },
  };
}

export function onOpen(): void {
  DocumentApp.getUi().createAddonMenu().addItem('Cite from library', 'showSidebar').addToUi();
}

export function onInstall(): void {
  onOpen();
}

export function showSidebar(): void {
  DocumentApp.getUi().showSidebar(HtmlService.createHtmlOutputFromFile('Sidebar').setTitle('Verbatim'));
}

export const getDocumentState = () => server.getDocumentState(services());
export const insertQuoteAtCursor = (payload: unknown) => server.insertQuoteAtCursor(services(), payload);
export const insertAnswerAtCursor = (payload: unknown) => server.insertAnswerAtCursor(services(), payload);
export const refreshDocument = (rendering: unknown) => server.refreshDocument(services(), rendering);
export const getSelectedText = () => server.getSelectedText(services());

/** The names build-gdocs.ts declares at top level (kept here so the two cannot drift). */
export const TOP_LEVEL_FUNCTIONS = ['onOpen', 'onInstall', 'showSidebar', 'getDocumentState', 'insertQuoteAtCursor', 'insertAnswerAtCursor', 'refreshDocument', 'getSelectedText'] as const;
