<?xml version="1.0" encoding="UTF-8"?>
<!-- A W3C PLS 1.0 lexicon: Samples/recite.yml names it for every document in Samples/. -->
<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"
         alphabet="ipa" xml:lang="en">
  <lexeme>
    <grapheme>Winawer</grapheme>
    <phoneme>ˈvɪnəvɚ</phoneme>
  </lexeme>
  <lexeme>
    <grapheme>Albin counter gambit</grapheme>
    <phoneme alphabet="x-sampa">"{lbIn "kaUnt@r "g{mbIt</phoneme>
  </lexeme>
  <lexeme>
    <grapheme>SSML</grapheme>
    <alias>speech synthesis markup language</alias>
  </lexeme>
</lexicon>
