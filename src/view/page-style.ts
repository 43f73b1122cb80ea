/** The view page's stylesheet: dark text on light ground (contrast above 4.5:1), and a print layout. */
export const PAGE_STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,sans-serif;color:#1b1b1b;background:#fff}
header{padding:.6rem 1rem;border-bottom:1px solid #767676}
h1{font-size:1.25rem;margin:0}h2{font-size:1.15rem;margin:.2rem 0}h3{font-size:1rem;margin:.8rem 0 .3rem}
.layout{display:flex;align-items:flex-start}
nav{flex:0 0 19rem;padding:.6rem;border-right:1px solid #767676;position:sticky;top:0;max-height:100vh;overflow:auto}
nav label{display:block;margin-bottom:.4rem}nav input[type=search]{width:100%;font:inherit}
main{flex:1;min-width:0;padding:.6rem 1rem}
ol{padding-left:0;list-style:none}
button{font:inherit;color:#0b3d91;background:#f2f5fb;border:1px solid #0b3d91;border-radius:3px;cursor:pointer}
button:focus-visible,input:focus-visible,summary:focus-visible,main:focus-visible,li:focus-visible{outline:3px solid #b35c00;outline-offset:1px}
#list button{width:100%;text-align:left;margin:1px 0;padding:.25rem .4rem;border-color:#c4c4c4}
#list button[aria-current=true]{background:#0b3d91;color:#fff}
#list .broken{border-left:5px solid #b00020}
.pager{display:flex;gap:.4rem;align-items:center}
.columns{display:flex;gap:1rem}.columns>section{flex:1;min-width:0}
.message{border:1px solid #8a8a8a;border-radius:4px;margin:.5rem 0;padding:.4rem .6rem}
.message header{padding:0;border:0;display:flex;flex-wrap:wrap;gap:.5rem;align-items:baseline}
.role{font-weight:700;text-transform:uppercase;letter-spacing:.03em}
.role-assistant,.role-model,.role-function_call{background:#f4f8ff}
.role-tool,.role-function,.role-function_call_output{background:#f6fbf4}
.has-issue{border:2px solid #b00020}.changed{border:2px dashed #0b5d1e}
.badge{font-size:.8rem;padding:0 .35rem;border-radius:3px;border:1px solid currentColor}
.bad{color:#b00020}.good{color:#0b5d1e}.muted{color:#555}
.issues li,.fixes li{margin:.2rem 0}
.call,.result,.block{border-left:4px solid #0b3d91;margin:.4rem 0;padding:.2rem .5rem}
.result{border-left-color:#0b5d1e}.pending,.orphan,.error{border-left-color:#b00020}
pre,.text{white-space:pre-wrap;overflow-wrap:anywhere;margin:.2rem 0}
pre{font:13px/1.4 ui-monospace,monospace;background:#f5f5f5;padding:.3rem}
img{max-width:100%;max-height:20rem;display:block}
.flash{outline:3px solid #b35c00}
@media print{nav,.toggle,.jump{display:none}.layout,.columns{display:block}body{font-size:11pt}.message{break-inside:avoid}}
`;
