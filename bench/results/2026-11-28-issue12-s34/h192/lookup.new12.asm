TEXT github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).lookup(SB)    
lookup.go:123 0x608820 LEAQ -0x18(SP), R12 
lookup.go:123 0x608825 CMPQ R12, 0x10(R14) 
lookup.go:123 0x608829 JBE 0x608cbe  
lookup.go:123 0x60882f PUSHQ BP  
lookup.go:123 0x608830 MOVQ SP, BP 
lookup.go:123 0x608833 SUBQ $0x90, SP 
lookup.go:123 0x60883a MOVQ BX, 0xa8(SP) 
lookup.go:123 0x608842 MOVQ DI, 0xb8(SP) 
keybytes.go:158 0x60884a LEAQ -0x8(CX), DX 
keybytes.go:158 0x60884e CMPQ DX, $0x8 
keybytes.go:158 0x608852 JA 0x608ab6  
keybytes.go:158 0x608858 LEAQ -0x8(SI), DX 
keybytes.go:158 0x60885c NOPL 0(AX)  
keybytes.go:158 0x608860 CMPQ DX, $0x8 
keybytes.go:158 0x608864 JBE 0x60886f  
keybytes.go:158 0x608866 TESTQ SI, SI 
lookup.go:125 0x608869 JNE 0x608ab6  
lookup.go:125 0x60886f CMPQ 0x78(AX), $0x0 
lookup.go:125 0x608874 JNE 0x608ab6  
lookup.go:128 0x60887a MOVQ 0x50(AX), DX 
lookup.go:128 0x60887e MOVQ 0x48(AX), R10 
keyhash.go:145 0x608882 XORQ 0(BX), DX 
keyhash.go:145 0x608885 XORQ -0x8(CX)(BX*1), R10 
keybytes.go:158 0x60888a MOVQ AX, R8 
keyhash.go:219 0x60888d MOVQ R10, AX 
keyhash.go:219 0x608890 MULQ DX  
keyhash.go:220 0x608893 XORQ DX, AX 
lookup.go:129 0x608896 TESTQ SI, SI 
lookup.go:129 0x608899 JE 0x6088b9  
lookup.go:130 0x60889b MOVQ 0x60(R8), DX 
lookup.go:130 0x60889f MOVQ 0x58(R8), R10 
keyhash.go:145 0x6088a3 XORQ 0(DI), DX 
keyhash.go:145 0x6088a6 XORQ -0x8(SI)(DI*1), R10 
keyhash.go:220 0x6088ab MOVQ AX, R9 
keyhash.go:219 0x6088ae MOVQ R10, AX 
keyhash.go:219 0x6088b1 MULQ DX  
keyhash.go:220 0x6088b4 XORQ DX, AX 
lookup.go:130 0x6088b7 JMP 0x6088be  
keyhash.go:135 0x6088b9 MOVQ AX, R9 
keyhash.go:135 0x6088bc XORL AX, AX 
keyhash.go:135 0x6088be MOVQ CX, DX 
keyhash.go:135 0x6088c1 SHLQ $0x20, DX 
keyhash.go:135 0x6088c5 XORQ SI, DX 
keyhash.go:135 0x6088c8 XORQ 0x68(R8), DX 
keyhash.go:135 0x6088cc XORQ R9, DX 
keyhash.go:135 0x6088cf XORQ 0x70(R8), AX 
lookup.go:63 0x6088d3 MOVQ 0x90(R8), R10 
lookup.go:63 0x6088da LEAQ -0x1(R10), R11 
keyhash.go:219 0x6088de MULQ DX  
keyhash.go:220 0x6088e1 XORQ DX, AX 
lookup.go:63 0x6088e4 ANDQ AX, R11 
lookup.go:132 0x6088e7 NOPL   
lookup.go:133 0x6088e8 NOPL   
lookup.go:63 0x6088e9 CMPQ R10, R11 
lookup.go:63 0x6088ec JBE 0x608cb8  
keyhash.go:220 0x6088f2 MOVQ AX, 0x40(SP) 
lookup.go:134 0x6088f7 LEAQ 0(CX)(SI*1), DX 
lookup.go:63 0x6088fb IMULQ $0x1a0, R11, R10
lookup.go:63 0x608902 MOVQ 0x88(R8), R11 
lookup.go:63 0x608909 LEAQ 0(R11)(R10*1), R12 
lookup.go:134 0x60890d CMPQ DX, $0x1a 
lookup.go:134 0x608911 JG 0x608a9d  
type.go:181 0x608917 LEAQ 0(R10)(R11*1), DX 
type.go:58 0x60891b LEAQ 0(R11)(R10*1), R12 
type.go:58 0x60891f LEAQ 0x8(R12), R12 
type.go:181 0x608924 LEAQ 0(R11)(R10*1), R13 
type.go:181 0x608928 LEAQ 0x10(R13), R13 
type.go:58 0x60892c LEAQ 0(R11)(R10*1), R10 
type.go:58 0x608930 LEAQ 0x18(R10), R10 
slots.go:1027 0x608934 NOPL   
type.go:181 0x608935 MOVQ 0(DX), R11 
slots.go:1028 0x608938 NOPL   
type.go:58 0x608939 MOVQ 0(R12), R12 
slots.go:1028 0x60893d NOPL   
type.go:181 0x60893e MOVQ 0(R13), R13 
slots.go:1028 0x608942 NOPL   
type.go:58 0x608943 MOVQ 0(R10), R10 
slots.go:1029 0x608946 BTL $0x0, R11 
slots.go:1029 0x60894b JB 0x608955  
type.go:181 0x60894d MOVQ 0(DX), DX 
slots.go:1029 0x608950 CMPQ DX, R11 
slots.go:1029 0x608953 JE 0x608960  
slots.go:1029 0x608955 XORL R10, R10 
slots.go:1029 0x608958 NOPL 0(AX)(AX*1)  
lookup.go:146 0x608960 TESTQ R10, R10 
lookup.go:146 0x608963 JE 0x608a88  
keyhash.go:220 0x608969 MOVQ AX, DX 
table.go:47 0x60896c MOVQ R13, AX 
keyhash.go:220 0x60896f MOVQ DX, R8 
table.go:47 0x608972 MULQ DX  
lookup.go:148 0x608975 MOVL DX, R11 
slots.go:1037 0x608978 SHLQ $0x6, R11 
lookup.go:406 0x60897c MOVQ R8, R13 
lookup.go:406 0x60897f SHRQ $0x10, R8 
lookup.go:406 0x608983 ANDL $-0x10000, R8 
lookup.go:406 0x60898a LEAQ 0(CX)(SI*1), R15 
lookup.go:406 0x60898e LEAQ 0x1(R15), R15 
lookup.go:406 0x608992 ORL R15, R8 
lookup.go:406 0x608995 MOVZX CL, R15 
lookup.go:406 0x608999 SHLL $0x8, R15 
lookup.go:406 0x60899d ORL R15, R8 
type.go:147 0x6089a0 LEAQ 0(R12)(R11*1), R15 
type.go:147 0x6089a4 LEAQ 0x20(R15), R15 
lookup.go:147 0x6089a8 NOPL   
lookup.go:149 0x6089a9 NOPL   
lookup.go:150 0x6089aa NOPL   
slots.go:1037 0x6089ab LEAQ 0(R11)(R12*1), AX 
slots.go:114 0x6089af NOPL   
type.go:147 0x6089b0 MOVL 0(R15), R15 
lookup.go:151 0x6089b3 CMPL R15, R8 
lookup.go:151 0x6089b6 JNE 0x608a18  
lookup.go:152 0x6089b8 LEAQ 0(R12)(R11*1), R9 
lookup.go:152 0x6089bc LEAQ 0x26(R9), R9 
keybytes.go:198 0x6089c0 MOVQ 0x26(R12)(R11*1), R11 
keybytes.go:173 0x6089c5 XORQ 0(BX), R11 
keybytes.go:198 0x6089c8 MOVQ -0x8(R9)(CX*1), R12 
keybytes.go:173 0x6089cd XORQ -0x8(CX)(BX*1), R12 
lookup.go:153 0x6089d2 NOPL   
keybytes.go:173 0x6089d3 ORQ R11, R12 
lookup.go:129 0x6089d6 TESTQ SI, SI 
lookup.go:154 0x6089d9 JE 0x6089f6  
lookup.go:155 0x6089db LEAQ 0(R9)(CX*1), R11 
keybytes.go:198 0x6089df MOVQ 0(R9)(CX*1), R9 
keybytes.go:173 0x6089e3 XORQ 0(DI), R9 
keybytes.go:198 0x6089e6 MOVQ -0x8(R11)(SI*1), R11 
keybytes.go:173 0x6089eb XORQ -0x8(SI)(DI*1), R11 
keybytes.go:173 0x6089f0 ORQ R9, R11 
lookup.go:155 0x6089f3 ORQ R11, R12 
lookup.go:157 0x6089f6 TESTQ R12, R12 
lookup.go:157 0x6089f9 JNE 0x608a18  
lookup.go:158 0x6089fb MOVL DX, BX 
slots.go:317 0x6089fd MOVQ 0x20(R10), DX 
slots.go:317 0x608a01 IMULQ DX, BX 
slots.go:317 0x608a05 ADDQ 0x18(R10), BX 
lookup.go:158 0x608a09 MOVQ R10, CX 
lookup.go:158 0x608a0c MOVQ R13, DI 
lookup.go:158 0x608a0f ADDQ $0x90, SP 
lookup.go:158 0x608a16 POPQ BP  
lookup.go:158 0x608a17 RET   
lookup.go:161 0x608a18 TESTL R15, R15 
lookup.go:161 0x608a1b JE 0x608a8b  
lookup.go:146 0x608a1d MOVQ R10, 0x68(SP) 
lookup.go:162 0x608a22 MOVQ R10, AX 
lookup.go:162 0x608a25 MOVQ SI, R9 
lookup.go:162 0x608a28 MOVQ DI, SI 
lookup.go:162 0x608a2b MOVQ BX, DI 
lookup.go:162 0x608a2e MOVQ DX, BX 
keybytes.go:158 0x608a31 MOVQ CX, DX 
lookup.go:162 0x608a34 MOVL R8, CX 
lookup.go:162 0x608a37 MOVQ DX, R8 
lookup.go:162 0x608a3a CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*slotTable).probeShort(SB)  
lookup.go:162 0x608a3f NOPL   
lookup.go:162 0x608a40 TESTQ AX, AX 
lookup.go:162 0x608a43 JL 0x608a81  
slots.go:356 0x608a45 MOVQ 0x68(SP), CX 
slots.go:356 0x608a4a MOVQ 0x8(CX), DX 
slots.go:317 0x608a4e MOVQ 0x20(CX), BX 
slots.go:317 0x608a52 IMULQ AX, BX 
slots.go:317 0x608a56 ADDQ 0x18(CX), BX 
slots.go:317 0x608a5a NOPW 0(AX)(AX*1)  
slots.go:356 0x608a60 CMPQ AX, DX 
slots.go:356 0x608a63 JAE 0x608cb3  
slots.go:356 0x608a69 MOVQ 0(CX), DX 
slots.go:356 0x608a6c SHLQ $0x6, AX 
slots.go:356 0x608a70 ADDQ DX, AX 
lookup.go:163 0x608a73 MOVQ 0x40(SP), DI 
lookup.go:163 0x608a78 ADDQ $0x90, SP 
lookup.go:163 0x608a7f POPQ BP  
lookup.go:163 0x608a80 RET   
lookup.go:167 0x608a81 MOVQ 0x40(SP), R13 
lookup.go:162 0x608a86 JMP 0x608a8b  
lookup.go:167 0x608a88 MOVQ AX, R13 
lookup.go:167 0x608a8b XORL AX, AX 
lookup.go:167 0x608a8d XORL BX, BX 
lookup.go:167 0x608a8f XORL CX, CX 
lookup.go:167 0x608a91 MOVQ R13, DI 
lookup.go:167 0x608a94 ADDQ $0x90, SP 
lookup.go:167 0x608a9b POPQ BP  
lookup.go:167 0x608a9c RET   
lookup.go:135 0x608a9d MOVQ AX, R8 
lookup.go:135 0x608aa0 MOVQ R12, AX 
lookup.go:135 0x608aa3 CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*shard).lookupFrom(SB)  
lookup.go:136 0x608aa8 MOVQ 0x40(SP), DI 
lookup.go:136 0x608aad ADDQ $0x90, SP 
lookup.go:136 0x608ab4 POPQ BP  
lookup.go:136 0x608ab5 RET   
keybytes.go:166 0x608ab6 LEAQ -0x1(CX), DX 
keybytes.go:166 0x608aba NOPW 0(AX)(AX*1)  
keybytes.go:166 0x608ac0 CMPQ DX, $0x2f 
keybytes.go:166 0x608ac4 JA 0x608ae1  
keybytes.go:166 0x608ac6 CMPQ SI, $0x30 
lookup.go:169 0x608aca JA 0x608ae1  
lookup.go:169 0x608acc CMPQ 0x78(AX), $0x0 
lookup.go:169 0x608ad1 JNE 0x608ae1  
lookup.go:170 0x608ad3 CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).lookupWords(SB)  
lookup.go:170 0x608ad8 ADDQ $0x90, SP 
lookup.go:170 0x608adf POPQ BP  
lookup.go:170 0x608ae0 RET   
keybytes.go:158 0x608ae1 MOVQ AX, 0xa0(SP) 
keybytes.go:158 0x608ae9 MOVQ SI, 0x60(SP) 
keybytes.go:158 0x608aee MOVQ DI, 0x88(SP) 
keybytes.go:158 0x608af6 MOVQ CX, 0x58(SP) 
keybytes.go:158 0x608afb MOVQ BX, 0x80(SP) 
lookup.go:172 0x608b03 CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).hash(SB)  
lookup.go:63 0x608b08 MOVQ 0xa0(SP), DX 
lookup.go:63 0x608b10 MOVQ 0x90(DX), R8 
lookup.go:63 0x608b17 LEAQ -0x1(R8), R9 
lookup.go:63 0x608b1b ANDQ AX, R9 
lookup.go:173 0x608b1e NOPL   
lookup.go:173 0x608b1f NOPL   
lookup.go:63 0x608b20 CMPQ R8, R9 
lookup.go:63 0x608b23 JBE 0x608cae  
lookup.go:172 0x608b29 MOVQ AX, 0x48(SP) 
lookup.go:63 0x608b2e IMULQ $0x1a0, R9, CX
lookup.go:63 0x608b35 MOVQ 0x88(DX), DX 
lookup.go:174 0x608b3c ADDQ DX, CX 
lookup.go:174 0x608b3f MOVQ AX, BX 
lookup.go:174 0x608b42 MOVQ CX, AX 
lookup.go:174 0x608b45 CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*slotPub).homeSlot(SB)  
lookup.go:174 0x608b4a TESTQ AX, AX 
lookup.go:174 0x608b4d JE 0x608c92  
lookup.go:174 0x608b53 MOVQ BX, 0x70(SP) 
lookup.go:175 0x608b58 MOVQ 0x60(SP), R8 
lookup.go:175 0x608b5d MOVQ 0x58(SP), DI 
lookup.go:175 0x608b62 LEAQ 0(DI)(R8*1), DX 
slots.go:91 0x608b66 LEAQ 0(DI)(R8*1), R10 
slots.go:91 0x608b6a LEAQ 0x1(R10), R10 
slots.go:93 0x608b6e MOVZX DI, R11 
slots.go:93 0x608b72 SHLL $0x8, R11 
slots.go:93 0x608b76 MOVQ 0x48(SP), R9 
slots.go:93 0x608b7b MOVQ R9, R12 
slots.go:93 0x608b7e SHRQ $0x20, R12 
slots.go:93 0x608b82 MOVZX R12, R12 
slots.go:93 0x608b86 SHLL $0x10, R12 
lookup.go:176 0x608b8a NOPL   
slots.go:114 0x608b8b NOPL   
type.go:147 0x608b8c MOVL 0x20(AX), R13 
slots.go:90 0x608b90 CMPQ DX, $0x1a 
lookup.go:175 0x608b94 MOVL $0x1c, DX 
lookup.go:175 0x608b99 CMOVLE R10, DX 
slots.go:93 0x608b9d ORL R11, DX 
slots.go:93 0x608ba0 ORL DX, R12 
lookup.go:177 0x608ba3 CMPL R13, R12 
slots.go:90 0x608ba6 JNE 0x608c05  
lookup.go:174 0x608ba8 MOVQ AX, 0x78(SP) 
lookup.go:174 0x608bad MOVL CX, 0x3c(SP) 
type.go:147 0x608bb1 MOVL R13, 0x38(SP) 
lookup.go:177 0x608bb6 MOVL CX, DX 
lookup.go:177 0x608bb8 MOVQ DX, 0x50(SP) 
lookup.go:177 0x608bbd MOVQ BX, AX 
lookup.go:177 0x608bc0 MOVQ DX, BX 
lookup.go:177 0x608bc3 MOVQ 0x80(SP), CX 
lookup.go:177 0x608bcb MOVQ 0x88(SP), SI 
lookup.go:177 0x608bd3 CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*slotTable).holds(SB)  
lookup.go:177 0x608bd8 NOPL 0(AX)(AX*1)  
lookup.go:177 0x608be0 TESTL AL, AL 
lookup.go:177 0x608be2 JNE 0x608c69  
lookup.go:181 0x608be8 MOVL 0x3c(SP), CX 
lookup.go:181 0x608bec MOVQ 0x70(SP), BX 
lookup.go:181 0x608bf1 MOVQ 0x58(SP), DI 
lookup.go:181 0x608bf6 MOVQ 0x60(SP), R8 
lookup.go:186 0x608bfb MOVQ 0x48(SP), R9 
lookup.go:180 0x608c00 MOVL 0x38(SP), R13 
lookup.go:180 0x608c05 TESTL R13, R13 
lookup.go:180 0x608c08 JE 0x608c97  
lookup.go:181 0x608c0e LEAL 0x1(CX), DX 
lookup.go:181 0x608c11 MOVQ BX, AX 
lookup.go:181 0x608c14 MOVL DX, BX 
lookup.go:181 0x608c16 MOVQ 0x80(SP), CX 
lookup.go:181 0x608c1e MOVQ 0x88(SP), SI 
lookup.go:181 0x608c26 CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*slotTable).probeFrom(SB)  
lookup.go:181 0x608c2b TESTQ AX, AX 
lookup.go:181 0x608c2e JL 0x608c62  
slots.go:317 0x608c30 MOVQ 0x70(SP), CX 
slots.go:317 0x608c35 MOVQ 0x8(CX), DX 
slots.go:317 0x608c39 MOVQ 0x20(CX), BX 
slots.go:317 0x608c3d IMULQ AX, BX 
slots.go:317 0x608c41 ADDQ 0x18(CX), BX 
slots.go:356 0x608c45 CMPQ AX, DX 
slots.go:356 0x608c48 JAE 0x608ca9  
slots.go:356 0x608c4a MOVQ 0(CX), DX 
slots.go:356 0x608c4d SHLQ $0x6, AX 
slots.go:356 0x608c51 ADDQ DX, AX 
lookup.go:182 0x608c54 MOVQ 0x48(SP), DI 
lookup.go:182 0x608c59 ADDQ $0x90, SP 
lookup.go:182 0x608c60 POPQ BP  
lookup.go:182 0x608c61 RET   
lookup.go:186 0x608c62 MOVQ 0x48(SP), R9 
lookup.go:181 0x608c67 JMP 0x608c97  
slots.go:317 0x608c69 MOVQ 0x70(SP), CX 
slots.go:317 0x608c6e MOVQ 0x20(CX), BX 
slots.go:317 0x608c72 MOVQ 0x50(SP), DX 
slots.go:317 0x608c77 IMULQ DX, BX 
slots.go:317 0x608c7b ADDQ 0x18(CX), BX 
lookup.go:178 0x608c7f MOVQ 0x78(SP), AX 
lookup.go:178 0x608c84 MOVQ 0x48(SP), DI 
lookup.go:178 0x608c89 ADDQ $0x90, SP 
lookup.go:178 0x608c90 POPQ BP  
lookup.go:178 0x608c91 RET   
lookup.go:186 0x608c92 MOVQ 0x48(SP), R9 
lookup.go:186 0x608c97 XORL AX, AX 
lookup.go:186 0x608c99 XORL BX, BX 
lookup.go:186 0x608c9b XORL CX, CX 
lookup.go:186 0x608c9d MOVQ R9, DI 
lookup.go:186 0x608ca0 ADDQ $0x90, SP 
lookup.go:186 0x608ca7 POPQ BP  
lookup.go:186 0x608ca8 RET   
slots.go:356 0x608ca9 CALL runtime.panicBounds(SB)  
lookup.go:63 0x608cae CALL runtime.panicBounds(SB)  
slots.go:356 0x608cb3 CALL runtime.panicBounds(SB)  
lookup.go:63 0x608cb8 CALL runtime.panicBounds(SB)  
lookup.go:63 0x608cbd NOPL   
lookup.go:123 0x608cbe MOVQ AX, 0x8(SP) 
lookup.go:123 0x608cc3 MOVQ BX, 0x10(SP) 
lookup.go:123 0x608cc8 MOVQ CX, 0x18(SP) 
lookup.go:123 0x608ccd MOVQ DI, 0x20(SP) 
lookup.go:123 0x608cd2 MOVQ SI, 0x28(SP) 
lookup.go:123 0x608cd7 CALL runtime.morestack_noctxt.abi0(SB)  
lookup.go:123 0x608cdc MOVQ 0x8(SP), AX 
lookup.go:123 0x608ce1 MOVQ 0x10(SP), BX 
lookup.go:123 0x608ce6 MOVQ 0x18(SP), CX 
lookup.go:123 0x608ceb MOVQ 0x20(SP), DI 
lookup.go:123 0x608cf0 MOVQ 0x28(SP), SI 
lookup.go:123 0x608cf5 JMP github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).lookup(SB)  
