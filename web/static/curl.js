// curl.js: a request as a curl command line, to copy and run in a shell.

/**
 * curlCommand is the shell command that sends body as JSON to path of the
 * service at origin; the body is single-quoted, so nothing in it expands.
 * @param {string} origin
 * @param {string} path
 * @param {object} body
 */
export function curlCommand(origin, path, body) {
  const quote = (/** @type {string} */ s) => `'${s.replaceAll("'", `'\\''`)}'`;
  return `curl -s ${quote(origin + path)} -H 'content-type: application/json' -d ${quote(JSON.stringify(body))}`;
}

/**
 * copyText puts text on the clipboard: with the Clipboard API where the
 * page may use it (a secure context), else through a selected text field.
 * It reports whether the copy was made.
 * @param {string} text
 * @returns {Promise<boolean>}
 */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}
