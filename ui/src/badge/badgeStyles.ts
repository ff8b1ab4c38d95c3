// The badge's own styles, the same in every app (a printed badge looks one way): sized in
// millimetres for its label, its type's band in a colour that white text reads on (and the type's
// word on it, never the colour alone). Rendered once per document by <BadgeStyles>.
export const badgeCss = `
.vb-badge {
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  gap: 1.5mm;
  width: 62mm;
  height: 100mm;
  padding: 3mm;
  overflow: hidden;
  background: #fff;
  color: #000;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif;
  font-size: 3mm;
  line-height: 1.2;
  text-align: start;
}
.vb-badge *, .vb-badge *::before, .vb-badge *::after { box-sizing: border-box; }
.vb-badge[data-size='LABEL_62_CONTINUOUS'] { height: auto; }
.vb-badge[data-size='LABEL_4X3_IN'] { width: 101.6mm; height: 76.2mm; font-size: 3.2mm; }
.vb-badge[data-size='A6'] { width: 105mm; height: 148mm; padding: 6mm; gap: 3mm; font-size: 4.6mm; }
.vb-badge-head { display: flex; align-items: center; gap: 2mm; min-height: 2.4em; font-weight: 600; }
.vb-badge-logo { max-height: 3em; max-width: 45%; object-fit: contain; }
.vb-badge-building { min-width: 0; overflow-wrap: anywhere; }
.vb-badge-band {
  margin: 0 -3mm;
  padding: 0.8mm 3mm;
  background: var(--vb-band);
  color: #fff;
  font-size: 1.35em;
  font-weight: 800;
  letter-spacing: 0.06em;
  text-align: center;
  text-transform: uppercase;
  -webkit-print-color-adjust: exact;
  print-color-adjust: exact;
}
.vb-badge[data-size='A6'] .vb-badge-band { margin: 0 -6mm; }
.vb-badge[data-type='VISITOR'] { --vb-band: #1b4d9b; }
.vb-badge[data-type='CONTRACTOR'] { --vb-band: #a84300; }
.vb-badge[data-type='EMPLOYEE'] { --vb-band: #1d6a33; }
.vb-badge-main {
  flex: 1;
  display: grid;
  grid-template-columns: 1fr auto;
  grid-template-areas: 'who who' 'photo qr';
  align-content: space-between;
  gap: 2mm;
  min-height: 0;
}
.vb-badge[data-size='LABEL_4X3_IN'] .vb-badge-main {
  grid-template-columns: auto 1fr auto;
  grid-template-areas: 'photo who qr';
  align-items: end;
}
.vb-badge-who { grid-area: who; min-width: 0; align-self: start; }
.vb-badge-name { margin: 0; font-size: 2.4em; font-weight: 800; line-height: 1.1; overflow-wrap: anywhere; }
.vb-badge-name[data-long] { font-size: 1.6em; }
.vb-badge-name span { display: block; }
.vb-badge-company { margin: 0.6mm 0 0; font-size: 1.2em; font-weight: 600; overflow-wrap: anywhere; }
.vb-badge-facts { margin: 1.2mm 0 0; font-size: 1.1em; }
.vb-badge-facts div { display: flex; gap: 1mm; flex-wrap: wrap; }
.vb-badge-facts dt { font-weight: 400; }
.vb-badge-facts dt::after { content: ':'; }
.vb-badge:lang(fr) .vb-badge-facts dt::after { content: '\\00a0:'; }
.vb-badge-facts dd { margin: 0; font-weight: 700; overflow-wrap: anywhere; }
.vb-badge-date { margin: 1.2mm 0 0; font-weight: 700; }
.vb-badge-photo { grid-area: photo; width: 8em; height: 10em; object-fit: cover; align-self: end; border-radius: 1mm; }
.vb-badge-qr { grid-area: qr; justify-self: end; align-self: end; width: 7.4em; text-align: center; }
.vb-badge-qr svg { display: block; width: 100%; height: auto; }
.vb-badge-code { display: block; font-family: ui-monospace, Menlo, Consolas, monospace; font-weight: 700; letter-spacing: 0.08em; }
[data-badge-print] { position: fixed; left: -10000px; top: 0; }
@media print {
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body > :not([data-badge-print]) { display: none !important; }
  [data-badge-print] { position: static; }
  [data-badge-print] .vb-badge { break-inside: avoid; page-break-inside: avoid; }
}
`;
