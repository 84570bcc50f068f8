<?xml version="1.0" encoding="UTF-8"?>
<!-- PLS 1.0, 4.7 alias Element (acronym and its pronunciation) -->
<lexicon version="1.0"
      xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
      xsi:schemaLocation="http://www.w3.org/2005/01/pronunciation-lexicon
        http://www.w3.org/TR/2007/CR-pronunciation-lexicon-20071212/pls.xsd"
      alphabet="ipa" xml:lang="en-US">
  <lexeme>
    <grapheme>NATO</grapheme>
    <phoneme>ˈneɪtoʊ</phoneme>
  </lexeme>
  <lexeme>
    <grapheme>ASAP</grapheme>
    <alias>as soon as possible</alias>
  </lexeme>
</lexicon>
