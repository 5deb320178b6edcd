#!/bin/sh
# The app's icons, made once from one spade drawn below: static/icons/icon.svg (the favicon of
# browsers that take SVG), the PNGs of the web app manifest and the home screen, and
# static/favicon.ico. Run it again only when the mark changes (it needs ImageMagick 6's
# `convert`); the files it writes are committed, so nothing else needs ImageMagick.
set -eu
cd "$(dirname "$0")/../static"
CONVERT=${CONVERT:-/usr/bin/convert}
GREEN="#0b6e4f"  # app.css's --accent
SPADE="M50 8C62 25 88 37 88 58C88 73 73 81 60 74C56 72 54 70 53 67L61 90H39L47 67C46 70 44 72 40 74C27 81 12 73 12 58C12 37 38 25 50 8Z"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Rounded corners, the spade filling the card: browsers' tabs and "any" icons.
cat > icons/icon.svg <<SVG
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="22" fill="$GREEN"/>
  <path fill="#fff" stroke="none" d="$SPADE"/>
</svg>
SVG
# Full bleed with the spade inside the middle 80% circle: "maskable" icons and iOS, which cut
# their own shape out of the square.
cat > "$TMP/full.svg" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" fill="$GREEN"/>
  <path fill="#fff" stroke="none" transform="translate(50 50) scale(.6) translate(-50 -50)" d="$SPADE"/>
</svg>
SVG

render() {  # render SVG SIZE OUT
  "$CONVERT" -background none -density 1200 "$1" -resize "$2x$2" -depth 8 -strip "PNG32:$3"
}
render icons/icon.svg 192 icons/icon-192.png
render icons/icon.svg 512 icons/icon-512.png
render "$TMP/full.svg" 192 icons/maskable-192.png
render "$TMP/full.svg" 512 icons/maskable-512.png
render "$TMP/full.svg" 180 icons/apple-touch-icon.png
for size in 16 32 48; do render icons/icon.svg "$size" "$TMP/$size.png"; done
"$CONVERT" "$TMP/16.png" "$TMP/32.png" "$TMP/48.png" favicon.ico
