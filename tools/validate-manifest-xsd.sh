#!/bin/sh
# Full schema validation of manifest.xml, for a developer who has Microsoft's add-in manifest XSDs
# (not in this repository: their licence keeps them out). Get them from
# https://github.com/OfficeDev/office-js-docs-pr/tree/main/docs/overview/schemas/taskpane
# (OfficeAppManifestV1_1.xsd imports OfficeAppBasicTypesV1_0.xsd, MailAppVersionOverridesV1_0.xsd
# and TaskPaneAppVersionOverridesV1_0.xsd from the same folder) and run:
#   tools/validate-manifest-xsd.sh /path/to/schemas/taskpane [manifest.xml]
# Tests do not use this: they run the structural check in tools/addin-manifest/validate-manifest.ts.
set -eu
schemas="${1:?usage: $0 SCHEMA_FOLDER [manifest.xml]}"
manifest="${2:-manifest.xml}"
command -v xmllint >/dev/null || { echo "xmllint is missing (Debian: apt-get install libxml2-utils)" >&2; exit 2; }
[ -f "$schemas/OfficeAppManifestV1_1.xsd" ] || { echo "$schemas/OfficeAppManifestV1_1.xsd not found" >&2; exit 2; }
xmllint --noout --schema "$schemas/OfficeAppManifestV1_1.xsd" "$manifest"
