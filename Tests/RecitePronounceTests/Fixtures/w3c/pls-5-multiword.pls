<?xml version="1.0" encoding="UTF-8"?>
<!-- PLS 1.0, 5 Examples: multiple-word graphemes -->
<lexicon version="1.0"
      xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
      xsi:schemaLocation="http://www.w3.org/2005/01/pronunciation-lexicon
        http://www.w3.org/TR/2007/CR-pronunciation-lexicon-20071212/pls.xsd"
      alphabet="ipa" xml:lang="en-US">
  <lexeme>
    <grapheme>J. S. Bach</grapheme>
    <alias>Johann Sebastian Bach</alias>
  </lexeme>
  <lexeme>
    <grapheme>Sepulveda</grapheme>
    <grapheme>Sepúlveda</grapheme>
    <phoneme>səˈpʌlvɪdə</phoneme>
  </lexeme>
</lexicon>
