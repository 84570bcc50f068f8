<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"
         xmlns:recite="https://recite.example/lexicon" alphabet="ipa" xml:lang="en-US">
  <lexeme recite:case="sensitive"><grapheme>US</grapheme><phoneme alphabet="x-sampa">ju:"Es</phoneme></lexeme>
  <lexeme><grapheme>Kyoto</grapheme><phoneme alphabet="x-JEITA" prefer="true">キョート</phoneme><phoneme>ˈkjoʊtoʊ</phoneme></lexeme>
  <lexeme><grapheme>W3C</grapheme><grapheme>W3 C</grapheme><alias>World Wide Web Consortium</alias></lexeme>
  <lexeme><grapheme>tomato</grapheme><phoneme alphabet="espeak">t@mA:toU</phoneme></lexeme>
</lexicon>
