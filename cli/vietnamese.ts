/**
 * The CLI in Vietnamese: commander's own words (help headings, the help option and command, "(default: …)")
 * and its error messages ("unknown option", "missing required argument", …). Set on the program before its
 * commands are added, so that every command inherits it.
 */
import { type Command, Help } from 'commander';

const TITLES: Record<string, string> = {
  'Usage:': 'Cách dùng:',
  'Options:': 'Tùy chọn:',
  'Commands:': 'Lệnh:',
  'Arguments:': 'Tham số:',
  'Global Options:': 'Tùy chọn chung:',
};

/** commander's error messages and what the shop reads instead; `$1`… are the parts matched. */
const ERRORS: [RegExp, string][] = [
  [/^error: unknown option '(.+?)'/, "lỗi: không có tùy chọn '$1'"],
  [/^error: unknown command '(.+?)'/, "lỗi: không có lệnh '$1'"],
  [/^error: missing required argument '(.+?)'/, "lỗi: thiếu tham số bắt buộc '$1'"],
  [/^error: option '(.+?)' argument missing/, "lỗi: tùy chọn '$1' cần một giá trị"],
  [/^error: required option '(.+?)' not specified/, "lỗi: thiếu tùy chọn bắt buộc '$1'"],
  [
    /^error: option '(.+?)' argument '(.*?)' is invalid\. Allowed choices are (.+)\./,
    "lỗi: giá trị '$2' của tùy chọn '$1' không hợp lệ; chỉ được dùng: $3.",
  ],
  [/^error: option '(.+?)' argument '(.*?)' is invalid\./, "lỗi: giá trị '$2' của tùy chọn '$1' không hợp lệ."],
  [
    /^error: command-argument value '(.*?)' is invalid for argument '(.+?)'\./,
    "lỗi: giá trị '$1' của tham số '$2' không hợp lệ.",
  ],
  [
    /^error: too many arguments for '(.+?)'\. Expected (\d+) arguments? but got (\d+)\./,
    "lỗi: lệnh '$1' nhận $2 tham số nhưng có $3.",
  ],
  [/^error: too many arguments\. Expected (\d+) arguments? but got (\d+)\./, 'lỗi: lệnh nhận $1 tham số nhưng có $2.'],
  [/^error: (.+?) cannot be used with (.+)/, 'lỗi: không dùng $1 cùng với $2'],
  [/\(Did you mean one of (.+)\?\)/, '(Có phải ý bạn là một trong: $1?)'],
  [/\(Did you mean (.+)\?\)/, '(Có phải ý bạn là $1?)'],
];

export function vietnameseError(message: string): string {
  return message
    .split('\n')
    .map((line) => ERRORS.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), line))
    .join('\n');
}

/** "(default: "./data")" and its kin in the help of an option or argument. */
const extraInfo = (text: string) =>
  text
    .replace(/\(default: /g, '(mặc định: ')
    .replace(/\bdefault: /g, 'mặc định: ')
    .replace(/\bchoices: /g, 'chọn một trong: ')
    .replace(/\bpreset: /g, 'giá trị khi bỏ trống: ')
    .replace(/\benv: /g, 'biến môi trường: ');

export function speakVietnamese(program: Command): Command {
  return program
    .configureHelp({
      styleTitle: (title) => TITLES[title] ?? title,
      styleUsage: (usage) => usage.replace('[options]', '[tùy-chọn]').replace('[command]', '[lệnh]'),
      optionDescription: (option) => extraInfo(Help.prototype.optionDescription.call(new Help(), option)),
      argumentDescription: (argument) => extraInfo(Help.prototype.argumentDescription.call(new Help(), argument)),
      subcommandTerm: (command) =>
        Help.prototype.subcommandTerm.call(new Help(), command).replace('[options]', '[tùy-chọn]'),
    })
    .configureOutput({ outputError: (message, write) => write(vietnameseError(message)) })
    .helpOption('-h, --help', 'hiện trợ giúp của lệnh')
    .helpCommand('help [lệnh]', 'hiện trợ giúp của một lệnh');
}
