const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The one page served outside Next.js: the admin login for browsers on other machines. */
export function loginPage(o: { configured: boolean; failed: boolean; next: string }): string {
  const body = o.configured
    ? `<form method="post" action="/api/auth/login">
         <input type="hidden" name="next" value="${esc(o.next)}">
         <label for="pw">Admin password</label>
         <input id="pw" name="password" type="password" autofocus required>
         <button>Log in</button>
         ${o.failed ? `<p class="err">That password is not right; try again.</p>` : ""}
       </form>`
    : `<p>This dashboard only answers its own machine. Restart it with <code>ADMIN_PASSWORD</code> set to log in from elsewhere.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harness Lab: log in</title>
<style>body{font:15px system-ui,sans-serif;background:#f7f7f5;color:#1c1d1f;display:grid;place-items:center;height:100vh;margin:0}
main{background:#fff;border:1px solid #e3e3df;border-radius:8px;padding:24px 28px;min-width:300px}label{display:block;font-weight:600;margin:12px 0 4px}
input[type=password]{width:100%;padding:7px;border:1px solid #cfd1cc;border-radius:6px;box-sizing:border-box}button{margin-top:14px;padding:7px 16px;border-radius:6px;border:1px solid #2f5bd3;background:#2f5bd3;color:#fff}
.err{color:#b3261e}</style></head><body><main><h1 style="font-size:20px;margin:0">Harness Lab</h1>${body}</main></body></html>`;
}
