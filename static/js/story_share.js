// The night's story shared from the host's page (templates/includes/story_share.html): the
// phone's share sheet where the browser offers it (only on a secure page: HTTPS), and the
// link copied to the clipboard, or selected to copy by hand where even that is refused (plain
// HTTP on the room's network has no clipboard API). The picture's download is a plain link.
(function () {
  "use strict";
  const block = document.querySelector("[data-story-share]");
  if (!block) return;
  const { url, title, text } = block.dataset;
  const shareButton = block.querySelector("[data-share]");
  const copyButton = block.querySelector("[data-copy]");
  const field = block.querySelector("[data-link]");
  const status = block.querySelector("[data-share-status]");
  const say = (message) => { status.textContent = message; };

  if (navigator.share && window.isSecureContext) {
    shareButton.hidden = false;
    shareButton.addEventListener("click", async () => {
      try {
        await navigator.share({ title, text, url });
      } catch (error) {
        if (error.name !== "AbortError") say("This browser could not share it: copy the link instead.");
      }
    });
  }

  async function copied() {
    if (navigator.clipboard && window.isSecureContext) {
      try {
        await navigator.clipboard.writeText(url);
        return true;
      } catch (error) {
        // refused (no permission): the selection below
      }
    }
    field.focus();
    field.select();
    try {
      return document.execCommand("copy");
    } catch (error) {
      return false;
    }
  }

  copyButton.hidden = false;
  copyButton.addEventListener("click", async () => {
    say("");
    if (await copied()) say("The link is copied: paste it in the group chat.");
    else {
      field.focus();
      field.select();
      say("The link is selected: copy it from there.");
    }
  });
})();
