/// <reference types="google-apps-script" />
/**
 * Compile-time only: the real Apps Script types satisfy the port. If the server code's port
 * asked for a method DocumentApp does not have (or with another shape), tsc fails here.
 */
import type { DocsBody, DocsDocument, DocsNamedRange, DocsParagraph, DocsPosition, DocsProperties, DocsText } from './docs-port';

type Satisfies<Real extends Port, Port> = Real;

export type RealDocumentIsPort = Satisfies<GoogleAppsScript.Document.Document, DocsDocument>;
export type RealBodyIsPort = Satisfies<GoogleAppsScript.Document.Body, DocsBody>;
export type RealParagraphIsPort = Satisfies<GoogleAppsScript.Document.Paragraph, DocsParagraph>;
export type RealListItemIsPort = Satisfies<GoogleAppsScript.Document.ListItem, DocsParagraph>;
export type RealTextIsPort = Satisfies<GoogleAppsScript.Document.Text, DocsText>;
export type RealPositionIsPort = Satisfies<GoogleAppsScript.Document.Position, DocsPosition>;
export type RealNamedRangeIsPort = Satisfies<GoogleAppsScript.Document.NamedRange, DocsNamedRange>;
export type RealPropertiesIsPort = Satisfies<GoogleAppsScript.Properties.Properties, DocsProperties>;
