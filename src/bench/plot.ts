// A dependency-free SVG line plot (log-scale x) for benchmark results people would rather look at.

export interface Series {
  label: string;
  points: { x: number; y: number }[];
}

const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b'];

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}

export function lineChartSvg(options: {
  title: string;
  xLabel: string;
  yLabel: string;
  series: Series[];
}): string {
  const width = 720;
  const height = 420;
  const m = { left: 70, right: 190, top: 40, bottom: 55 };
  const all = options.series.flatMap((s) => s.points);
  const xs = all.map((p) => Math.log10(p.x));
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs) === xMin ? xMin + 1 : Math.max(...xs);
  const yMax = Math.max(...all.map((p) => p.y)) * 1.1 || 1;
  const px = (x: number) => m.left + ((Math.log10(x) - xMin) / (xMax - xMin)) * (width - m.left - m.right);
  const py = (y: number) => height - m.bottom - (y / yMax) * (height - m.top - m.bottom);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${width / 2 - 90}" y="22" font-size="15">${escapeXml(options.title)}</text>`,
    `<line x1="${m.left}" y1="${height - m.bottom}" x2="${width - m.right}" y2="${height - m.bottom}" stroke="black"/>`,
    `<line x1="${m.left}" y1="${m.top}" x2="${m.left}" y2="${height - m.bottom}" stroke="black"/>`,
    `<text x="${(width - m.right) / 2}" y="${height - 12}">${escapeXml(options.xLabel)}</text>`,
    `<text x="16" y="${height / 2}" transform="rotate(-90 16 ${height / 2})">${escapeXml(options.yLabel)}</text>`,
  ];
  for (let i = 0; i <= 5; i++) {
    const y = (yMax / 5) * i;
    parts.push(
      `<text x="${m.left - 8}" y="${py(y) + 4}" text-anchor="end">${y.toFixed(y < 10 ? 1 : 0)}</text>`,
    );
    parts.push(`<line x1="${m.left}" y1="${py(y)}" x2="${width - m.right}" y2="${py(y)}" stroke="#eee"/>`);
  }
  for (const x of [...new Set(all.map((p) => p.x))]) {
    parts.push(
      `<text x="${px(x)}" y="${height - m.bottom + 18}" text-anchor="middle">${x.toLocaleString('en')}</text>`,
    );
  }
  options.series.forEach((s, i) => {
    const color = COLORS[i % COLORS.length]!;
    const pts = [...s.points].sort((a, b) => a.x - b.x);
    parts.push(
      `<polyline fill="none" stroke="${color}" stroke-width="2" points="${pts.map((p) => `${px(p.x)},${py(p.y)}`).join(' ')}"/>`,
    );
    for (const p of pts) parts.push(`<circle cx="${px(p.x)}" cy="${py(p.y)}" r="3" fill="${color}"/>`);
    const ly = m.top + 18 * i;
    parts.push(`<rect x="${width - m.right + 12}" y="${ly - 9}" width="12" height="12" fill="${color}"/>`);
    parts.push(`<text x="${width - m.right + 30}" y="${ly + 1}">${escapeXml(s.label)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n');
}
