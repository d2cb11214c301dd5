// Sorts a table by the column whose heading is clicked (again: the other way): cells by their first number where
// they start with one (commas ignored, signed as "−9 %" or "+3 %" too, "—" last), else by their text.
document.querySelectorAll("table").forEach(table => {
  const head = table.tHead && table.tHead.rows[0];
  if (!head || !table.tBodies[0]) return;
  const key = cell => {
    const text = cell ? cell.textContent.trim() : "";
    const number = text.replace(/,/g, "").replace(/^−/, "-").match(/^[≥~]?\s*([-+]?\d+(\.\d+)?)/);
    return number ? parseFloat(number[1]) : text;
  };
  Array.from(head.cells).forEach((th, column) => {
    th.tabIndex = 0;
    th.title = "Sort by " + th.textContent.trim();
    const sort = () => {
      const ascending = th.getAttribute("aria-sort") !== "ascending";
      Array.from(head.cells).forEach(c => c.removeAttribute("aria-sort"));
      th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      const body = table.tBodies[0];
      const rows = Array.from(body.rows);
      rows.sort((a, b) => {
        const x = key(a.cells[column]), y = key(b.cells[column]);
        const order = typeof x === "number" && typeof y === "number" ? x - y
          : typeof x === "number" ? -1 : typeof y === "number" ? 1 : x.localeCompare(y);
        return ascending ? order : -order;
      });
      rows.forEach(row => body.appendChild(row));
    };
    th.addEventListener("click", sort);
    th.addEventListener("keydown", e => { if (e.key === "Enter") sort(); });
  });
});
