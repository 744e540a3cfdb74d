/** Word material for port names, handles and file names. */
import type { Rng } from './rng.js';

export const capitalize = (s: string): string => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

export const TECH_WORDS = (
  'json yaml xml http crypto image audio video font async request parser test mock date time util ' +
  'color term markdown sql cache log config tree graph vector matrix stats geo map mail zip tar ' +
  'compress net socket dns ssh tls auth token queue stream buffer pixel shader mesh render sound ' +
  'midi synth wave codec frame glyph text string regex lexer grammar shell prompt editor diff patch ' +
  'merge build make pack bundle install lint format style type schema model form table plot chart ' +
  'math linear solver optim random sparse fft signal filter kernel thread pool lock event loop timer ' +
  'clock calendar zone locale unicode charset encode decode base hash digest cipher key cert sign ' +
  'verify proto rpc rest soap web html css dom browser server client proxy store kv orm query index ' +
  'search sort heap list set dict array bits byte io fs path file dir watch notify daemon service ' +
  'cron job task worker cluster node cloud docker vm emu game sprite tile physics dice card chess ' +
  'board robot serial usb bluetooth gps sensor camera scan ocr pdf doc office sheet slide print tex ' +
  'bib cite wiki blog feed rss news chat irc xmpp voip sip cast media player tag meta exif raw tiff ' +
  'png jpeg gif webp svg cairo pango gtk qt tk wx fltk sdl gl vulkan metal cl mpi blas lapack gsl ' +
  'fftw hdf netcdf fits astro bio gene seq align chem mol quantum neural learn tensor vision speech ' +
  'nlp lang word spell trans voice archive backup sync mirror fetch download upload share cloud ' +
  'stack frame widget canvas paint draw sketch photo gallery album music radio podcast tube flow ' +
  'pipe mux demux scale resize crop rotate blur sharp noise denoise fuzzy match glob mime magic ' +
  'entropy prime number integer float decimal money ledger invoice tax report metric trace profile ' +
  'bench perf probe sniff packet route firewall vpn tunnel mesh peer torrent magnet dht onion tor'
).split(/\s+/);

const ONSETS = 'b c d f g h j k l m n p r s t v w x z br cr dr fl gl gr kr pl pr sk sl sn sp st str tr th sh ch qu'.split(' ');
const VOWELS = 'a e i o u y a e i o ai ea ou io'.split(' ');
const CODAS = ['', '', '', '', 'n', 'r', 's', 'x', 'l', 'm', 'k', 't', 'ck', 'sh', 'th', 'z'];

/** A pronounceable made-up word, so that names do not run out at any catalogue size. */
export function drawPseudoWord(rng: Rng, syllables = rng.range(1, 3)): string {
  let w = '';
  for (let i = 0; i < syllables; i++) w += rng.pick(ONSETS) + rng.pick(VOWELS);
  return w + rng.pick(CODAS);
}

/** Mostly real technical words (names read like real ports), sometimes a made-up one. */
export function drawWord(rng: Rng): string {
  return rng.chance(0.7) ? rng.pick(TECH_WORDS) : drawPseudoWord(rng);
}
